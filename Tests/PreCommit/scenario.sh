#!/usr/bin/env bash
# The pre-commit scenario: `Tests/PreCommit/scenario.sh HOOK` takes the hook HOOK of this
# repository's .pre-commit-hooks.yaml, at the commit checked out, into a throw-away repository
# and makes commits it must let through and commits it must refuse, through pre-commit itself
# (`python3 -m pre_commit`). .ci/run runs it with `routelint-system` and the portable binary on
# PATH; the scheduled workflow with `routelint`, which pre-commit builds from source
# (docs/development.md, "What CI checks").
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
hook=${1:?usage: Tests/PreCommit/scenario.sh HOOK}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export PRE_COMMIT_HOME="$scratch/cache"
git -C "$scratch" init -q repo
repo="$scratch/repo"
git -C "$repo" config user.email ci@routelint.invalid
git -C "$repo" config user.name "routelint CI"
cat > "$repo/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $root
    rev: $(git -C "$root" rev-parse HEAD)
    hooks:
      - id: $hook
YAML
# A three-file app (the shell with the tabs, the catalog, the cart, which the other two name)
# and a second app.
mkdir -p "$repo/shop" "$repo/legacy"
cat > "$repo/shop/shell.routes.yaml" <<'YAML'
manifest: 1
app: shop
activities: {main: {default-tab: home}}
tabs:
  home: {activity: main, index: 0, root: catalog, icon: house}
  basket-tab: {activity: main, index: 1, root: cart, icon: bag}
holders: {CatalogHolder: {}, CartHolder: {}}
YAML
cat > "$repo/shop/catalog.routes.yaml" <<'YAML'
manifest: 1
app: shop
routes:
  catalog: {path: /catalog, holder: CatalogHolder, links: [cart]}
YAML
cat > "$repo/shop/cart.routes.yaml" <<'YAML'
manifest: 1
app: shop
routes:
  cart: {path: /cart, holder: CartHolder}
YAML
cat > "$repo/legacy/old.routes.yaml" <<'YAML'
manifest: 1
app: legacy
activities: {main: {default-tab: home}}
tabs: {home: {activity: main, index: 0, root: home, icon: house}}
holders: {H: {}}
routes:
  home: {path: /, holder: H}
YAML
echo "# Routes" > "$repo/README.md"

# commit MESSAGE: commits what is staged, with the hook's output in $scratch/hook.log.
commit() { (cd "$repo" && git commit -qm "$1" > "$scratch/hook.log" 2>&1); }
# refused MESSAGE PATTERN: the commit must fail, and its output show PATTERN.
refused() {
  if commit "$1"; then cat "$scratch/hook.log"; echo "the hook let through: $1" >&2; exit 1; fi
  grep -q -- "$2" "$scratch/hook.log" || { cat "$scratch/hook.log"; echo "the hook's output lacks: $2" >&2; exit 1; }
  echo "refused, as it must be: $1"
  grep -- "$2" "$scratch/hook.log" | sed 's/^/    /'
  git -C "$repo" reset -q --hard HEAD
}
passed() {
  commit "$1" || { cat "$scratch/hook.log"; echo "the hook refused: $1" >&2; exit 1; }
  echo "passed, as it must: $1"
}

(cd "$repo" && python3 -m pre_commit install > /dev/null)
git -C "$repo" add -A
passed "a clean route set"

sed -i 's/^  cart:/  basket:/' "$repo/shop/cart.routes.yaml"
git -C "$repo" add -A
refused "rename route cart to basket in its own file" "catalog.routes.yaml:4:.*names route 'cart', which is not declared"

git -C "$repo" rm -q shop/cart.routes.yaml
refused "delete the file the others link to" "shell.routes.yaml:6:.*names route 'cart', which is not declared"

echo "More on routes." >> "$repo/README.md"
git -C "$repo" add -A
passed "a commit that touches no manifest"

# Another app's file, unparseable, planted past the hook.
printf 'manifest: 1\napp: legacy\nroutes: [unclosed\n' > "$repo/legacy/old.routes.yaml"
git -C "$repo" add -A
(cd "$repo" && git commit -qm "A broken legacy file" --no-verify)
sed -i 's/holder: CartHolder/holder: CartHoldr/' "$repo/shop/cart.routes.yaml"
git -C "$repo" add -A
refused "a typo'd holder while another app's file is unparseable" "holder 'CartHoldr', which is not declared in app 'shop'"

# Runs that are no commits, as CI runs pre-commit: nothing staged judges the whole set; a range
# judges the apps it changes. The broken legacy file is in the last commit.
# run_fails DESCRIPTION PATTERN ARGUMENTS...: `pre-commit run ARGUMENTS` must fail, showing PATTERN.
run_fails() {
  local description=$1 pattern=$2
  shift 2
  if (cd "$repo" && python3 -m pre_commit run "$@" > "$scratch/run.log" 2>&1); then
    cat "$scratch/run.log"; echo "pre-commit run $* passed: $description" >&2; exit 1
  fi
  grep -q -- "$pattern" "$scratch/run.log" || { cat "$scratch/run.log"; echo "pre-commit run $* lacks: $pattern" >&2; exit 1; }
  if grep -q "in 0 files" "$scratch/run.log"; then cat "$scratch/run.log"; echo "pre-commit run $* checked no file" >&2; exit 1; fi
  echo "failed, as it must: $description"
}
run_fails "--all-files on a repository with an unparseable manifest" "legacy/old.routes.yaml:3:.*\[yaml-syntax\]" --all-files
run_fails "--from-ref/--to-ref over the commit that broke it" "legacy/old.routes.yaml:3:.*\[yaml-syntax\]" \
  --from-ref HEAD~1 --to-ref HEAD
(cd "$repo" && python3 -m pre_commit run --from-ref HEAD~2 --to-ref HEAD~1 > "$scratch/run.log" 2>&1) \
  || { cat "$scratch/run.log"; echo "pre-commit run over a range of no manifest failed" >&2; exit 1; }
echo "passed, as it must: --from-ref/--to-ref over a commit that touches no manifest"
