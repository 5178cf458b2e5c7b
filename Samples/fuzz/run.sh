#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer and runs each
# for SECONDS seconds (default 60) over its seed corpus in corpus/TARGET.
# New inputs the fuzzer finds go to a scratch copy, not into the repo.
# Usage: Samples/fuzz/run.sh [SECONDS] [TARGET...]
# Exits non-zero on the first crash, leak or failed property; the input
# that failed is left in $FUZZ_WORK (default /tmp/filetable-fuzz).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzArguments FuzzCommands FuzzHexFormatter FuzzEscaping FuzzGlob FuzzNaturalOrder FuzzJSONLines FuzzLineEditing FuzzPaths FuzzDirectoryRecords FuzzViewer FuzzShellWords FuzzCommandSequences FuzzInflate FuzzTarArchive FuzzZipArchive FuzzSavedScan FuzzUnifiedDiff FuzzHexdumpFormat FuzzXxdReversal FuzzLsColors)
work=${FUZZ_WORK:-/tmp/filetable-fuzz}
mkdir -p "$work"

# lld: gold fails on libFuzzer's main beside the entry point SwiftPM names
# `main` (toolset.json). The toolchain's lld sits next to swift.
linker="$(dirname "$(readlink -f "$(command -v swift)")")/ld.lld"
printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$linker" > .build-toolset.json
swift build -c release --scratch-path .build-fuzz --toolset .build-toolset.json \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing 2>&1 | tail -3
bin=$(swift build -c release --scratch-path .build-fuzz --show-bin-path)

# FuzzShellWords runs the plan's words through bash in the multibyte
# locales whose second bytes can be a backslash; they are built here
# (Debian's locales package has the charmaps).
export LOCPATH="$work/locales"
mkdir -p "$LOCPATH"
for spec in zh_CN:GBK:zh_CN.GBK zh_CN:GB18030:zh_CN.GB18030 zh_TW:BIG5:zh_TW.BIG5 ja_JP:SHIFT_JIS:ja_JP.SJIS; do
    IFS=: read -r source charmap name <<<"$spec"
    [ -d "$LOCPATH/$name" ] || localedef --no-warnings=ascii -f "$charmap" -i "$source" "$LOCPATH/$name" 2>/dev/null || true
done

for target in "${targets[@]}"; do
    corpus="$work/corpus-$target"
    mkdir -p "$corpus" "$work/artifacts-$target"
    [ -d "corpus/$target" ] && cp -n "corpus/$target"/* "$corpus"/ 2>/dev/null || true
    echo "== $target: ${seconds}s"
    log="$work/$target.log"
    if ! (cd "$work" && "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
            -max_len=4096 -print_final_stats=1 -artifact_prefix="$work/artifacts-$target/" "$corpus") >"$log" 2>&1; then
        tail -40 "$log"
        echo "$target FAILED; input in $work/artifacts-$target/"
        exit 1
    fi
    grep -E "stat::number_of_executed_units|cov: " "$log" | tail -2 | sed 's/^/   /'
done
echo "all fuzz targets passed"
