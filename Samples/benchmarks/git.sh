#!/usr/bin/env bash
# The git column and git's cleanup beside git itself and eza, in one run,
# on work trees made here:
#
#   Samples/benchmarks/git.sh [WORKDIR]   (default: /tmp/filetable-git)
#
# - big: 100,000 tracked files in 1,000 directories, 1% of them modified,
#   1,000 untracked, an ignored build/ of 1,000 files. `-l --git big` (every
#   directory's status summed from one git status) beside `git status
#   --porcelain` of the same tree;
# - one directory of 1,000 entries in a work tree: `-l --git` beside
#   `eza -l --git` (where eza is installed: pip install eza-bin);
# - projects: 50 work trees, each with 20 tracked files and an ignored
#   target/ of 200: `--du --git projects` beside `du -s` of each work tree
#   plus one `git status --ignored` each.
# Needs git and hyperfine.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${1:-/tmp/filetable-git}
runs=${RUNS:-10}
command -v hyperfine >/dev/null 2>&1 || { echo "skipped: hyperfine is not installed" >&2; exit 0; }
command -v git >/dev/null 2>&1 || { echo "skipped: git is not installed" >&2; exit 0; }
# The binary README installs.
bin=$(Samples/release/build.sh 2>/dev/null)
mkdir -p "$work"
cd "$work"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
if [ ! -f big.done ]; then
    echo "making a work tree of 100,000 files (once) ..." >&2
    rm -rf big && mkdir big && cd big && git init -q -b main .
    python3 -c '
import os
for d in range(1000):
    os.makedirs(f"src/d{d:03d}", exist_ok=True)
    for f in range(100):
        open(f"src/d{d:03d}/f{f:03d}.c", "w").write(f"file {d} {f}\n")'
    echo 'build/' > .gitignore
    git add -A && git commit -qm files
    python3 -c '
import os
for d in range(0, 1000, 10):
    for f in range(0, 100, 10):
        open(f"src/d{d:03d}/f{f:03d}.c", "a").write("changed\n")
        open(f"src/d{d:03d}/new{f:03d}.c", "w").write("new\n")
os.makedirs("build", exist_ok=True)
for f in range(1000):
    open(f"build/out{f:04d}.o", "w").write("object\n")'
    git status >/dev/null
    cd .. && touch big.done
fi
if [ ! -f dir1000.done ]; then
    rm -rf dir1000 && mkdir dir1000 && cd dir1000 && git init -q -b main .
    for i in $(seq 1 1000); do echo "$i" > "entry-$i"; done
    git add -A && git commit -qm entries
    for i in $(seq 1 50); do echo more >> "entry-$i"; done
    cd .. && touch dir1000.done
fi
if [ ! -f projects.done ]; then
    echo "making 50 work trees with ignored build outputs (once) ..." >&2
    rm -rf projects && mkdir projects
    for p in $(seq 1 50); do
        mkdir -p "projects/p$p/target" && cd "projects/p$p" && git init -q -b main .
        echo 'target/' > .gitignore
        for f in $(seq 1 20); do echo "$f" > "src-$f.rs"; done
        git add -A && git commit -qm p
        for f in $(seq 1 200); do head -c $((p * 100)) /dev/zero > "target/obj-$f.o"; done
        cd ../..
    done
    touch projects.done
fi
echo "binary: $(stat -c %s "$bin") bytes; git $(git --version | cut -d' ' -f3)"
echo
echo "## -l --git of a 100,000-file work tree's root (each directory summed from one git status)"
hyperfine -N --warmup 2 --runs "$runs" "git -C big status --porcelain" \
    "git -C big status --porcelain=v2 -z --untracked-files=all --ignored=matching" "$bin -l --git big"
echo
echo "## -l --git of one directory of 1,000 entries"
peers=()
# pip's eza is a pyenv shim where pyenv is: time the binary itself.
eza=$( (command -v pyenv >/dev/null 2>&1 && pyenv which eza 2>/dev/null) || command -v eza || true)
[ -n "$eza" ] && peers+=("$eza -l --git dir1000")
hyperfine -N --warmup 3 --runs $((runs * 3)) "${peers[@]}" "$bin -l --git dir1000" "$bin -l dir1000"
echo
echo "## --du --git over 50 work trees"
cat > peers-du-git.sh <<'SH'
for tree in projects/*/; do du -s "$tree" >/dev/null; git -C "$tree" status --porcelain --ignored >/dev/null; done
SH
hyperfine --warmup 2 --runs "$runs" "bash peers-du-git.sh" "$bin --du --git projects"
