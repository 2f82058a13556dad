#!/bin/sh
# Rebuilds lpv.js, lpv.css and games.pgn here from pinned versions: lichess's
# pgn-viewer and its dependencies installed in a scratch folder (never the repository's
# node_modules), bundled by esbuild into one classic script that sets
# window.LichessPgnViewer. Needs node and npm.
#
#     sh bench/pgn-viewer/build.sh            # scratch folder: a new temporary one
#     sh bench/pgn-viewer/build.sh /tmp/lpv   # or this one
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=${1:-$(mktemp -d)}
mkdir -p "$scratch"
cd "$scratch"
cat > package.json <<'JSON'
{
  "name": "lpv-bundle",
  "private": true,
  "dependencies": {
    "@lichess-org/pgn-viewer": "2.5.9",
    "@lichess-org/chessground": "10.1.1",
    "chessops": "0.15.1",
    "snabbdom": "3.5.1",
    "esbuild": "0.24.0"
  }
}
JSON
npm install --no-audit --no-fund --no-package-lock
echo "import LichessPgnViewer from '@lichess-org/pgn-viewer'; window.LichessPgnViewer = LichessPgnViewer;" > entry.js
./node_modules/.bin/esbuild entry.js --bundle --minify --format=iife --target=es2020 \
  --legal-comments=none --outfile="$here/lpv.js"
cp node_modules/@lichess-org/pgn-viewer/dist/lichess-pgn-viewer.css "$here/lpv.css"
cp "$here/games.mjs" . && node games.mjs > "$here/games.pgn"
npm ls --all
