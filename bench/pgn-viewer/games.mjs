// 24 random legal chess games of 4 to 40 plies (a fixed seed), as PGN, on stdout: the
// pgn-viewer page's games (bench/many_boards.py), like the random games of its live boards.
import { Chess } from 'chessops/chess';
import { makeSanAndPlay } from 'chessops/san';

let seed = 1;
const random = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const games = [];
for (let g = 1; g <= 24; g++) {
  const pos = Chess.default();
  const plies = 4 + Math.floor(random() * 37);
  const words = [];
  for (let ply = 0; ply < plies && !pos.isEnd(); ply++) {
    const moves = [];
    for (const [from, dests] of pos.allDests()) for (const to of dests) moves.push({ from, to });
    const move = moves[Math.floor(random() * moves.length)];
    const piece = pos.board.get(move.from);
    if (piece.role === 'pawn' && (move.to >> 3 === 7 || move.to >> 3 === 0)) move.promotion = 'queen';
    if (ply % 2 === 0) words.push(`${ply / 2 + 1}.`);
    words.push(makeSanAndPlay(pos, move));
  }
  games.push(`[Event "Random game ${g}"]\n[White "White"]\n[Black "Black"]\n[Result "*"]\n\n${words.join(' ')} *\n`);
}
process.stdout.write(games.join('\n'));
