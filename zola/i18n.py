"""Every string a person reads, in English and German, in one place.

A :class:`Text` is a message kept as its key and arguments, so the page can
say it in any language; ``str()`` gives the English. Arguments that are
themselves ``Text`` are translated too.

>>> reason = Text("reason.blocked", square="c3")
>>> reason == "the path is blocked at c3", say("de", reason)
(True, 'der Weg ist bei c3 versperrt')
>>> say("de", "status.turn", color=Text("color.blue"))
'Blau ist am Zug.'
"""

LANGUAGES = ("en", "de")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        # The page
        "page.credit": "a game by Mark Steere",
        "page.rule_sheet": "rule sheet",
        "page.loading": "Loading the game…",
        "page.starting": "Starting Python in your browser…",
        "page.pie": "Pie rule: Blue may take over Red's position by swapping colours.",
        "page.swap": "Swap colours",
        "page.keep": "Keep Blue",
        "page.board": "Board",
        "page.new": "New game",
        "page.first": "Go to the start",
        "page.undo": "Undo",
        "page.redo": "Redo",
        "page.last": "Go to the end",
        "page.flip": "Flip board",
        "page.shading": "Distance shading",
        "page.copy": "Copy link",
        "page.copy_position": "Copy position only",
        "page.copy_position_title": "A link to this position, without the moves that led to it",
        "page.moves": "Moves",
        "page.app_link": "Open in the full app ↗",
        "page.language": "Language",
        "page.foot": "Zola, a game by Mark Steere. Capture all enemy checkers to win: steps move "
        "away from the centre, captures keep or reduce the distance.",
        "page.read_rules": "Read the rule sheet",
        "page.board_label": "Zola board, {size} by {size}",
        # Words
        "color.red": "Red",
        "color.blue": "Blue",
        "player.first": "first player",
        "player.second": "second player",
        "player.you": "you",
        "player.computer": "computer",
        "notice.swapped": "Colours swapped: the players exchange sides.",
        "square.empty": "{square}, empty",
        "square.red": "{square}, red checker",
        "square.blue": "{square}, blue checker",
        # Status and notices
        "status.turn": "{color} to move.",
        "status.editing": "Setting up a position: {color} to move.",
        "status.turn_player": "{color} to move ({player}).",
        "status.win": "{color} wins ({player}).",
        "status.count": "{color} {count}",
        "notice.game_over": "The game is over: {result} Start a new game to play again.",
        "notice.static": "This board is for viewing only.",
        "notice.no_moves": "The checker on {square} has no legal move.",
        "notice.select_first": "Select one of {color}'s checkers first.",
        "notice.not_yours": "Not your checker: {color} is to move.",
        "notice.illegal": "{move} is not legal: {reason}.",
        "notice.pass": "{color} has no legal move and passes.",
        "notice.bad_link": "This link holds no valid game ({detail}). A new game was started.",
        "notice.copy_done": "Link copied to the clipboard.",
        "notice.copy_position_done": "Position link copied to the clipboard.",
        "notice.copy_embed_done": "Embed code copied to the clipboard: paste it into a web page.",
        "page.copy_embed": "Copy embed code",
        "page.download_svg": "Download SVG",
        "page.download_png": "Download PNG",
        "notice.copy_this": "The browser did not let the page copy; copy this: {url}",
        "announce.move": "{color} played {move}.",
        "announce.pass": "{color} passed.",
        "announce.swap": "{color} swapped colours: the players exchange sides.",
        "page.getting_ready": "The computer is getting ready…",
        "page.recent": "Recent games",
        "recent.label": "{size}×{size} · {players} · {moves} moves",
        "players.humans": "two players",
        "players.computer-second": "you against the computer",
        "players.computer-first": "the computer against you",
        "players.computers": "computer against computer",
        "notice.unreadable": "That saved game could not be read; it was kept aside in this "
        "browser.",
        "notice.kept_aside": "A saved game could not be read; it was kept aside in this browser.",
        "notice.too_long": "Not done: the game's link would be longer than {limit} characters, "
        "the most a link can carry. Shorten a comment or delete a variation.",
        "notice.too_deep": "Not done: variations can nest at most {limit} deep in a link.",
        "reason.no_move": "the answer is not a move",
        "notice.arrow_from": "Arrow from {square}: move to its end and press A again "
        "(Esc: no arrow).",
        "page.promote": "Make main line",
        "page.analysis": "Analysis",
        "page.review": "Review game",
        "page.stop_review": "Stop the review",
        "page.reviewing": "Reviewing the game… {done}/{total}",
        "page.best_line": "Best line",
        "notice.reviewed": "Review done: marks in the move list, the graph below the board.",
        "analysis.eval": "Red {chance}% ({score})",
        "analysis.mate": "{color} wins in {plies}",
        "analysis.depth": "depth {depth}",
        "review.title.inaccuracy": "Inaccuracy (−{loss}%): {better} was better",
        "review.title.mistake": "Mistake (−{loss}%): {better} was better",
        "review.title.blunder": "Blunder (−{loss}%): {better} was better",
        "review.summary": "{player}: {inaccuracies} inaccuracies, {mistakes} mistakes, "
        "{blunders} blunders; average loss {loss}%",
        "page.eval_label": "Red's chance to win",
        "review.player.first": "First player",
        "review.player.second": "Second player",
        "replay.title": "Zola game replay: {size}x{size} board",
        "replay.from": "From the position {position}.",
        "replay.moves": "Moves:",
        "page.download_replay": "Download replay",
        "editor.empty": "The board is empty: place checkers of both colours.",
        "editor.no_checkers.red": "Red has no checkers: the game would be over. Place a red "
        "checker.",
        "editor.no_checkers.blue": "Blue has no checkers: the game would be over. Place a blue "
        "checker.",
        "page.edit": "Edit position",
        "page.edit_play": "Play from here",
        "page.edit_cancel": "Back to the game",
        "page.edit_clear": "Clear board",
        "page.edit_standard": "Standard setup",
        "page.edit_tool": "Put",
        "page.edit_turn": "To move",
        "page.edit_text": "Position text",
        "page.edit_help": "Click a square to put the chosen checker there (again to remove it), "
        "drag a checker to move it; on the board, R, B and X put red, blue or nothing under "
        "the cursor.",
        "tool.red": "Red checker",
        "tool.blue": "Blue checker",
        "tool.empty": "Remove",
        "page.delete": "Delete from here",
        "page.notes": "Notes",
        "page.comment": "Comment on this position",
        "page.clean": "Hide notes",
        "page.clear_notes": "Clear the notes here",
        "page.notes_help": "Right-click a square to mark it, right-drag to draw an arrow; on the "
        "board, H marks the square under the cursor and A starts or ends an arrow.",
        "reason.timeout": "no answer in time",
        "page.mode": "Opponent",
        "mode.humans": "Two players on this device",
        "mode.computer-second": "The computer (you play first)",
        "mode.computer-first": "The computer (it plays first)",
        "mode.computers": "Computer against computer",
        "page.level": "Level",
        "level.beginner": "Beginner",
        "level.casual": "Casual",
        "level.strong": "Strong",
        "level.max": "Max",
        "page.hint": "Hint",
        "page.thinking": "The computer is thinking…",
        "page.retry": "Retry",
        "notice.computer_turn": "It is the computer's turn.",
        "notice.hint": "Hint: {move}.",
        "notice.computer_failed": "The computer did not answer ({detail}). Retry, or play on "
        "with another opponent.",
        # Why a move is illegal
        "reason.game_over": "the game is over",
        "reason.swap": "swap is only possible for Blue's first turn of a game from the start",
        "reason.pass": "you may pass only when no other move is possible",
        "reason.off_board": "that square is off the {size}x{size} board",
        "reason.no_checker": "there is no checker on {square}",
        "reason.not_yours.red": "not your checker: Red is to move",
        "reason.not_yours.blue": "not your checker: Blue is to move",
        "reason.step_adjacent": "a step goes to an adjacent square",
        "reason.step_empty": "a step must go to an empty square",
        "reason.step_outward": "a step must move farther from the centre",
        "reason.capture_line": "a capture moves along a row, column or diagonal",
        "reason.blocked": "the path is blocked at {square}",
        "reason.capture_enemy": "a capture must end on an enemy checker",
        "reason.capture_own": "cannot capture your own checker",
        "reason.capture_inward": "a capture may not move away from the centre",
        # What is wrong with a square, a move, a position or a link (an error's text)
        "error.verbatim": "{text}",
        "error.square": "bad square {square}: expected a file a-j and a rank 1-10, like 'c3'",
        "error.off_board": "square {square} is off the {size}x{size} board",
        "error.size": "board size must be 6, 8 or 10, not {value}",
        "error.move": "bad move {move}: {why}",
        "error.move_long": "too long for a move",
        "error.move_same": "it must change squares",
        "error.move_form": "expected 'c3-d4', 'c3xe5', 'pass' or 'swap'",
        "error.arrow": "an arrow needs two squares, not {text}",
        "error.illegal": "{move} is not legal: {reason}",
        "error.squares": "checkers must be on the board, one per square",
        "error.no_checkers": "the board has no checkers",
        "error.position": "bad position {position}: {why}",
        "error.too_long": "too long ({length} characters)",
        "error.position_fields": "expected the ranks, one space, then 'r' or 'b' for the side "
        "to move",
        "error.position_side": "side to move must be 'r' or 'b', not {side}",
        "error.position_ranks": "expected 6, 8 or 10 ranks, found {count}",
        "error.position_zero": "rank {rank} has the empty run {run}",
        "error.position_token": "unexpected {token} in rank {rank}; use r, b or a number",
        "error.position_width": "rank {rank} has {count} squares, not {size}",
        "error.link": "bad game link: {detail}",
        "error.not_text": "it must be text",
        "error.escape": "'%{code}' is not a percent-escape",
        "error.escape_ascii": "'%{code}' is not an ASCII character",
        "error.version": "it must start with {first} or {second}",
        "error.field": "unexpected field {field}",
        "error.ply": "ply must be 0 to {count}",
        "error.at": "at must be 0 to {count}",
        "error.origin": "origin must be like https://example.org",
        "error.start": "start: {detail}",
        "error.start_size": "size does not match the start position",
        "error.at_move": "move {number}: {detail}",
        "error.repeated": "move {number} repeats another line",
        "error.variation": "a variation must follow a move",
        "error.nested": "variations nested too deeply",
        "error.bracket": "a ')' without its variation",
        "error.dot": "a '.' without a move before it",
        "error.no_dot": "{token} must follow a '.'",
        "error.moves_end": "the moves end inside a variation or after a '.'",
        "error.notes_entry": "notes: bad entry {entry}",
        "error.notes": "notes {number}: {detail}",
        "error.notes_part": "unknown part {part}",
        "error.notes_twice": "notes {number} given twice",
        "error.comment_char": "{char} in a comment; write '~' and its hex code",
        "error.comment_utf8": "a comment that is not UTF-8",
        "error.comment_long": "a comment longer than {limit} characters",
        "error.comment_xml": "a comment may not hold the character {char} (XML cannot carry it)",
        "error.review": "bad review: {detail}",
        "error.review_number": "{what} must be a number {low} to 100",
        "error.review_start": "start chance",
        "error.review_chance": "chance",
        "error.review_loss": "loss",
        "error.review_count": "{count} moves for a game of {plies}",
        "error.review_forced": "a forced move loses nothing",
        "error.review_mark.inaccuracy": "a inaccuracy loses something",
        "error.review_mark.mistake": "a mistake loses something",
        "error.review_mark.blunder": "a blunder loses something",
        "error.review_unexpected": "unexpected {text}",
        # A live board on another site's page (zola.live)
        "live.label": "Zola game",
        "live.back": "Back one move",
        "live.forward": "Forward one move",
        "live.reset": "Reset",
        "live.reset_title": "Back to the game as it was written (your moves are dropped)",
        "live.bad_link": "This board cannot be shown: {detail}.",
    },
    "de": {
        "page.credit": "ein Spiel von Mark Steere",
        "page.rule_sheet": "Regelblatt",
        "page.loading": "Das Spiel wird geladen…",
        "page.starting": "Python startet in deinem Browser…",
        "page.pie": "Kuchenregel: Blau darf die Farben tauschen und Rots Stellung übernehmen.",
        "page.swap": "Farben tauschen",
        "page.keep": "Blau behalten",
        "page.board": "Brett",
        "page.new": "Neues Spiel",
        "page.first": "Zum Anfang",
        "page.undo": "Zurück",
        "page.redo": "Vor",
        "page.last": "Zum Ende",
        "page.flip": "Brett drehen",
        "page.shading": "Abstände schattieren",
        "page.copy": "Link kopieren",
        "page.copy_position": "Nur die Stellung kopieren",
        "page.copy_position_title": "Ein Link zu dieser Stellung, ohne die Züge davor",
        "page.moves": "Züge",
        "page.app_link": "In der vollen App öffnen ↗",
        "page.language": "Sprache",
        "page.foot": "Zola, ein Spiel von Mark Steere. Wer alle gegnerischen Steine schlägt, "
        "gewinnt: Schritte führen vom Mittelpunkt weg, Schläge halten oder verringern den Abstand.",
        "page.read_rules": "Zum Regelblatt",
        "page.board_label": "Zola-Brett, {size} mal {size}",
        "color.red": "Rot",
        "color.blue": "Blau",
        "player.first": "erster Spieler",
        "player.second": "zweiter Spieler",
        "player.you": "du",
        "player.computer": "Computer",
        "notice.swapped": "Farben getauscht: die Spieler wechseln die Seiten.",
        "square.empty": "{square}, leer",
        "square.red": "{square}, roter Stein",
        "square.blue": "{square}, blauer Stein",
        "status.turn": "{color} ist am Zug.",
        "status.editing": "Stellung aufbauen: {color} ist am Zug.",
        "status.turn_player": "{color} ist am Zug ({player}).",
        "status.win": "{color} gewinnt ({player}).",
        "status.count": "{color} {count}",
        "notice.game_over": "Das Spiel ist vorbei: {result} Starte ein neues Spiel.",
        "notice.static": "Dieses Brett ist nur zum Ansehen.",
        "notice.no_moves": "Der Stein auf {square} hat keinen legalen Zug.",
        "notice.select_first": "Wähle zuerst einen Stein von {color}.",
        "notice.not_yours": "Nicht dein Stein: {color} ist am Zug.",
        "notice.illegal": "{move} ist nicht erlaubt: {reason}.",
        "notice.pass": "{color} hat keinen legalen Zug und passt.",
        "notice.bad_link": "Dieser Link enthält kein gültiges Spiel ({detail}). "
        "Ein neues Spiel wurde begonnen.",
        "notice.copy_done": "Link in die Zwischenablage kopiert.",
        "notice.copy_position_done": "Link zur Stellung in die Zwischenablage kopiert.",
        "notice.copy_embed_done": "Einbettungscode kopiert: füge ihn in eine Webseite ein.",
        "page.copy_embed": "Einbettungscode kopieren",
        "page.download_svg": "SVG herunterladen",
        "page.download_png": "PNG herunterladen",
        "notice.copy_this": "Der Browser ließ nicht kopieren; kopiere dies: {url}",
        "announce.move": "{color} spielt {move}.",
        "announce.pass": "{color} passt.",
        "announce.swap": "{color} tauscht die Farben: die Spieler wechseln die Seiten.",
        "page.getting_ready": "Der Computer wird vorbereitet…",
        "page.recent": "Letzte Spiele",
        "recent.label": "{size}×{size} · {players} · {moves} Züge",
        "players.humans": "zwei Spieler",
        "players.computer-second": "du gegen den Computer",
        "players.computer-first": "der Computer gegen dich",
        "players.computers": "Computer gegen Computer",
        "notice.unreadable": "Dieses gespeicherte Spiel ließ sich nicht lesen; es wurde in "
        "diesem Browser beiseitegelegt.",
        "notice.kept_aside": "Ein gespeichertes Spiel ließ sich nicht lesen; es wurde in diesem "
        "Browser beiseitegelegt.",
        "notice.too_long": "Nicht ausgeführt: der Link der Partie wäre länger als {limit} "
        "Zeichen, mehr als ein Link tragen kann. Kürze einen Kommentar oder lösche eine Variante.",
        "notice.too_deep": "Nicht ausgeführt: Varianten können in einem Link höchstens {limit} "
        "tief verschachtelt sein.",
        "reason.no_move": "die Antwort ist kein Zug",
        "notice.arrow_from": "Pfeil von {square}: zum Ziel gehen und wieder A drücken (Esc: kein "
        "Pfeil).",
        "page.promote": "Zur Hauptvariante machen",
        "page.analysis": "Analyse",
        "page.review": "Partie prüfen",
        "page.stop_review": "Prüfung abbrechen",
        "page.reviewing": "Die Partie wird geprüft… {done}/{total}",
        "page.best_line": "Beste Fortsetzung",
        "notice.reviewed": "Prüfung fertig: Markierungen in der Zugliste, die Kurve unter dem "
        "Brett.",
        "analysis.eval": "Rot {chance} % ({score})",
        "analysis.mate": "{color} gewinnt in {plies}",
        "analysis.depth": "Tiefe {depth}",
        "review.title.inaccuracy": "Ungenauigkeit (−{loss} %): {better} war besser",
        "review.title.mistake": "Fehler (−{loss} %): {better} war besser",
        "review.title.blunder": "Grober Fehler (−{loss} %): {better} war besser",
        "review.summary": "{player}: {inaccuracies} Ungenauigkeiten, {mistakes} Fehler, "
        "{blunders} grobe Fehler; durchschnittlich {loss} % verloren",
        "page.eval_label": "Rots Gewinnchance",
        "review.player.first": "Erster Spieler",
        "review.player.second": "Zweiter Spieler",
        "replay.title": "Zola-Partie zum Nachspielen: {size}x{size}-Brett",
        "replay.from": "Ab der Stellung {position}.",
        "replay.moves": "Züge:",
        "page.download_replay": "Wiederholung herunterladen",
        "editor.empty": "Das Brett ist leer: setze Steine beider Farben.",
        "editor.no_checkers.red": "Rot hat keine Steine: das Spiel wäre vorbei. Setze einen "
        "roten Stein.",
        "editor.no_checkers.blue": "Blau hat keine Steine: das Spiel wäre vorbei. Setze einen "
        "blauen Stein.",
        "page.edit": "Stellung bearbeiten",
        "page.edit_play": "Von hier spielen",
        "page.edit_cancel": "Zurück zum Spiel",
        "page.edit_clear": "Brett leeren",
        "page.edit_standard": "Grundstellung",
        "page.edit_tool": "Setzen",
        "page.edit_turn": "Am Zug",
        "page.edit_text": "Stellungstext",
        "page.edit_help": "Ein Klick auf ein Feld setzt den gewählten Stein (ein zweiter "
        "entfernt ihn), Ziehen verschiebt einen Stein; auf dem Brett setzen R, B und X einen "
        "roten, blauen oder keinen Stein unter den Cursor.",
        "tool.red": "Roter Stein",
        "tool.blue": "Blauer Stein",
        "tool.empty": "Entfernen",
        "page.delete": "Ab hier löschen",
        "page.notes": "Notizen",
        "page.comment": "Kommentar zu dieser Stellung",
        "page.clean": "Notizen ausblenden",
        "page.clear_notes": "Notizen hier löschen",
        "page.notes_help": "Rechtsklick auf ein Feld markiert es, Ziehen mit der rechten Taste "
        "zeichnet einen Pfeil; auf dem Brett markiert H das Feld unter dem Cursor, A beginnt "
        "oder beendet einen Pfeil.",
        "reason.timeout": "keine Antwort in der Zeit",
        "page.mode": "Gegner",
        "mode.humans": "Zwei Spieler an diesem Gerät",
        "mode.computer-second": "Der Computer (du beginnst)",
        "mode.computer-first": "Der Computer (er beginnt)",
        "mode.computers": "Computer gegen Computer",
        "page.level": "Stufe",
        "level.beginner": "Anfänger",
        "level.casual": "Gelegenheit",
        "level.strong": "Stark",
        "level.max": "Maximal",
        "page.hint": "Tipp",
        "page.thinking": "Der Computer denkt nach…",
        "page.retry": "Erneut versuchen",
        "notice.computer_turn": "Der Computer ist am Zug.",
        "notice.hint": "Tipp: {move}.",
        "notice.computer_failed": "Der Computer hat nicht geantwortet ({detail}). Versuche es "
        "erneut oder spiele gegen einen anderen Gegner weiter.",
        "reason.game_over": "das Spiel ist vorbei",
        "reason.swap": "Tauschen ist nur bei Blaus erstem Zug einer Partie aus der "
        "Grundstellung möglich",
        "reason.pass": "Passen ist nur erlaubt, wenn kein anderer Zug möglich ist",
        "reason.off_board": "dieses Feld liegt nicht auf dem {size}x{size}-Brett",
        "reason.no_checker": "auf {square} steht kein Stein",
        "reason.not_yours.red": "nicht dein Stein: Rot ist am Zug",
        "reason.not_yours.blue": "nicht dein Stein: Blau ist am Zug",
        "reason.step_adjacent": "ein Schritt geht auf ein Nachbarfeld",
        "reason.step_empty": "ein Schritt muss auf ein leeres Feld gehen",
        "reason.step_outward": "ein Schritt muss weiter vom Mittelpunkt wegführen",
        "reason.capture_line": "ein Schlag verläuft entlang einer Reihe, Linie oder Diagonale",
        "reason.blocked": "der Weg ist bei {square} versperrt",
        "reason.capture_enemy": "ein Schlag muss auf einem gegnerischen Stein enden",
        "reason.capture_own": "eigene Steine können nicht geschlagen werden",
        "reason.capture_inward": "ein Schlag darf sich nicht vom Mittelpunkt entfernen",
        "error.verbatim": "{text}",
        "error.square": "ungültiges Feld {square}: erwartet werden ein Buchstabe a-j und eine "
        "Zahl 1-10, etwa 'c3'",
        "error.off_board": "Feld {square} liegt nicht auf dem {size}x{size}-Brett",
        "error.size": "die Brettgröße muss 6, 8 oder 10 sein, nicht {value}",
        "error.move": "ungültiger Zug {move}: {why}",
        "error.move_long": "zu lang für einen Zug",
        "error.move_same": "er muss das Feld wechseln",
        "error.move_form": "erwartet wird 'c3-d4', 'c3xe5', 'pass' oder 'swap'",
        "error.arrow": "ein Pfeil braucht zwei Felder, nicht {text}",
        "error.illegal": "{move} ist nicht erlaubt: {reason}",
        "error.squares": "die Steine gehören auf das Brett, einer pro Feld",
        "error.no_checkers": "auf dem Brett steht kein Stein",
        "error.position": "ungültige Stellung {position}: {why}",
        "error.too_long": "zu lang ({length} Zeichen)",
        "error.position_fields": "erwartet werden die Reihen, ein Leerzeichen, dann 'r' oder 'b' "
        "für die Seite am Zug",
        "error.position_side": "die Seite am Zug muss 'r' oder 'b' sein, nicht {side}",
        "error.position_ranks": "6, 8 oder 10 Reihen erwartet, {count} gefunden",
        "error.position_zero": "Reihe {rank} hat die ungültige Leerfeldzahl {run}",
        "error.position_token": "unerwartetes {token} in Reihe {rank}; verwende r, b oder "
        "eine Zahl",
        "error.position_width": "Reihe {rank} hat {count} Felder statt {size}",
        "error.link": "ungültiger Link: {detail}",
        "error.not_text": "kein Text",
        "error.escape": "'%{code}' ist keine Prozentkodierung",
        "error.escape_ascii": "'%{code}' ist kein ASCII-Zeichen",
        "error.version": "der Link muss mit {first} oder {second} beginnen",
        "error.field": "unerwarteter Eintrag {field}",
        "error.ply": "ply muss 0 bis {count} sein",
        "error.at": "at muss 0 bis {count} sein",
        "error.origin": "origin muss wie https://example.org aussehen",
        "error.start": "Startstellung: {detail}",
        "error.start_size": "size passt nicht zur Startstellung",
        "error.at_move": "Zug {number}: {detail}",
        "error.repeated": "Zug {number} wiederholt eine andere Variante",
        "error.variation": "eine Variante muss auf einen Zug folgen",
        "error.nested": "Varianten zu tief verschachtelt",
        "error.bracket": "ein ')' ohne seine Variante",
        "error.dot": "ein '.' ohne Zug davor",
        "error.no_dot": "vor {token} muss ein '.' stehen",
        "error.moves_end": "die Züge enden in einer Variante oder nach einem '.'",
        "error.notes_entry": "Notizen: ungültiger Eintrag {entry}",
        "error.notes": "Notizen {number}: {detail}",
        "error.notes_part": "unbekannter Teil {part}",
        "error.notes_twice": "Notizen {number} doppelt angegeben",
        "error.comment_char": "{char} in einem Kommentar; schreibe '~' und seinen Hex-Code",
        "error.comment_utf8": "ein Kommentar, der kein UTF-8 ist",
        "error.comment_long": "ein Kommentar mit mehr als {limit} Zeichen",
        "error.comment_xml": "ein Kommentar darf das Zeichen {char} nicht enthalten (XML kann "
        "es nicht tragen)",
        "error.review": "ungültige Prüfung: {detail}",
        "error.review_number": "{what} muss eine Zahl von {low} bis 100 sein",
        "error.review_start": "die Startchance",
        "error.review_chance": "die Chance",
        "error.review_loss": "der Verlust",
        "error.review_count": "{count} Züge für eine Partie mit {plies} Zügen",
        "error.review_forced": "ein erzwungener Zug verliert nichts",
        "error.review_mark.inaccuracy": "eine Ungenauigkeit verliert etwas",
        "error.review_mark.mistake": "ein Fehler verliert etwas",
        "error.review_mark.blunder": "ein grober Fehler verliert etwas",
        "error.review_unexpected": "unerwartet: {text}",
        "live.label": "Zola-Partie",
        "live.back": "Einen Zug zurück",
        "live.forward": "Einen Zug vor",
        "live.reset": "Zurücksetzen",
        "live.reset_title": "Zurück zur Partie, wie sie geschrieben ist (deine Züge fallen weg)",
        "live.bad_link": "Dieses Brett kann nicht gezeigt werden: {detail}.",
    },
}


class Text:
    """A message for a person: a key of :data:`STRINGS` and its arguments.

    ``str(text)`` is the English; :func:`say` says it in another language.
    It equals the plain string of its English, so tests and callers may
    compare it with text.
    """

    __slots__ = ("key", "args")

    def __init__(self, key: str, **args: object) -> None:
        self.key = key
        self.args = args

    def __str__(self) -> str:
        return say("en", self)

    def __repr__(self) -> str:
        return repr(str(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (str, Text)) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def say(language: str, key: str | Text, **args: object) -> str:
    """The string ``key`` in ``language`` (English where it has none), filled in with ``args``.

    A ``Text`` carries its own key and arguments.
    """
    if isinstance(key, Text):
        args = key.args
        key = key.key
    strings = STRINGS.get(language, STRINGS["en"])
    template = strings.get(key, STRINGS["en"][key])
    values = {}
    for name in args:
        value = args[name]
        values[name] = say(language, value) if isinstance(value, Text) else value
    return template.format(**values)


def pick_language(preferred: list[str]) -> str:
    """The first supported language among a browser's preferences, else English.

    >>> pick_language(["fr-FR", "de-AT", "en"])
    'de'
    """
    for tag in preferred:
        language = str(tag).split("-")[0].lower()
        if language in LANGUAGES:
            return language
    return "en"
