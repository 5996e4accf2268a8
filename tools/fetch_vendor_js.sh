#!/usr/bin/env bash
# Vendor the JavaScript the book's pages load (widget manager, require.js, MathJax, and the
# XZ decoder with which a live table's worker unpacks Pyodide's WebAssembly and the memory
# snapshot) from the npm registry, so that no page asks a CDN for anything.
set -euo pipefail
OUT=${1:-_vendor}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
( cd "$TMP" && npm pack -q @jupyter-widgets/html-manager@1.0.6 requirejs@2.3.8 mathjax@3.2.2 \
    xz-decompress@0.2.3 >/dev/null \
  && for f in *.tgz; do mkdir "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done )
rm -rf "$OUT"
mkdir -p "$OUT/npm/@jupyter-widgets/html-manager/dist" "$OUT/mathjax/output/chtml" "$OUT/mathjax/input/tex"
cp "$TMP"/requirejs-2.3.8/package/require.js "$OUT/require.js"
D="$TMP"/jupyter-widgets-html-manager-1.0.6/package/dist
cp "$D"/embed-amd.js "$D"/[0-9]*.embed.js "$D"/*.woff* "$D"/*.ttf "$D"/*.eot "$D"/*.svg \
   "$OUT/npm/@jupyter-widgets/html-manager/dist/"
M="$TMP"/mathjax-3.2.2/package/es5
cp "$M"/tex-mml-chtml.js "$OUT/mathjax/"
cp -r "$M"/output/chtml/fonts "$OUT/mathjax/output/chtml/"
cp -r "$M"/input/tex/extensions "$OUT/mathjax/input/tex/"
cp -r "$M"/a11y "$OUT/mathjax/"
cp "$(dirname "$0")/require-config.js" "$OUT/require-config.js"
# xz-decompress ships a UMD bundle (xz-embedded compiled to WebAssembly, inlined): wrapped here as an
# ES module for the module worker (its one "require", of web streams, gets the worker's own).
X="$TMP"/xz-decompress-0.2.3/package/dist/package/xz-decompress.js
{ echo "// xz-decompress 0.2.3 (MIT; xz-embedded: public domain), wrapped as an ES module by tools/fetch_vendor_js.sh"
  echo "const module = { exports: {} }; const exports = module.exports; const require = () => globalThis;"
  cat "$X"
  echo
  echo "export const XzReadableStream = module.exports.XzReadableStream;"; } > "$OUT/xz-decompress.mjs"
echo "vendored JS into $OUT ($(du -sh "$OUT" | cut -f1))"
