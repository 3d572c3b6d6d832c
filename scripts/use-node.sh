# Source this file (`. scripts/use-node.sh`) to put the project's Node.js first on PATH before `npm ci`.
#
# The project runs on Node 24 (LTS, maintained until April 2028). `npm ci` installs that Node from the npm registry as a dev dependency
# (the `node` package), and every npm script runs on it whatever the system's Node is. Only `npm ci` itself runs on the
# system's Node, and npm checks the dependencies' `engines` against it: on an older system some packages warn. This
# file gets the same Node (the version package-lock.json pins) from the npm registry into a cache folder once, and
# puts it first on PATH, so the install runs on it too. Nothing is downloaded from anywhere but the npm registry.
_lego_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_lego_want="$(sed -n '/"node_modules\/node": {/,/}/s/.*"version": "\([^"]*\)".*/\1/p' "$_lego_root/package-lock.json" | head -n 1)"
if [ -z "$_lego_want" ]; then
  echo "use-node: no node version pinned in package-lock.json" >&2
  return 1 2>/dev/null || exit 1
fi
if [ "$(node -v 2>/dev/null)" != "v$_lego_want" ]; then
  _lego_dir="${XDG_CACHE_HOME:-$HOME/.cache}/lego-console/node-$_lego_want"
  if [ ! -x "$_lego_dir/node_modules/node/bin/node" ]; then
    mkdir -p "$_lego_dir"
    [ -f "$_lego_dir/package.json" ] || echo '{"private":true}' > "$_lego_dir/package.json"
    (cd "$_lego_dir" && npm install --no-save --no-audit --no-fund --no-package-lock --loglevel=error "node@$_lego_want") >&2
  fi
  export PATH="$_lego_dir/node_modules/.bin:$PATH"
fi
echo "use-node: $(command -v node) $(node -v)" >&2
unset _lego_root _lego_want _lego_dir
