#!/usr/bin/env bash
# Runs every test suite of Gequ and ends with one line: "N passed, N failed".
#   scripts/test.sh [BUILD_DIR]      (make test calls it after building)
# A suite that crashes or cannot start counts as one failure.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/env.sh
build="${1:-build/release}"
out="$build/test-results"
rm -rf "$out" && mkdir -p "$out"

total_pass=0
total_fail=0
# The names of the failed tests, repeated just before the last line, so that the tail of the output (all a CI log
# may keep) says which ones failed.
failed_names=()
note_failed() { # suite lines...
    local suite=$1 line
    shift
    while IFS= read -r line; do
        [ -n "$line" ] && failed_names+=("$suite: $line")
    done <<< "$*"
}
# The failed tests of a TAP log, each with the first line of its error, so that the tail of a CI log says why.
tap_failures() { # tap-log
    awk '/^ *not ok /{ if (name != "") print name; name = $0; sub(/^ *not ok [0-9]+ - /, "", name); next }
        name != "" && /^ *error: /{ e = $0; sub(/^ *error: */, "", e)
            if (e ~ /^[|>]-?$/) { getline; e = $0; sub(/^ */, "", e) }
            print name " (" substr(e, 1, 240) ")"; name = "" }
        END { if (name != "") print name }' "$1" | head -20
}
report() { # suite passed failed
    printf '%-10s %5d passed, %d failed\n' "$1" "$2" "$3"
    total_pass=$((total_pass + $2))
    total_fail=$((total_fail + $3))
}
json_counts() { # file js-expression-for-[passed,failed]
    node -e "const r=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')); const [p,f]=$2; console.log(p+' '+f)" "$1" 2>/dev/null
}

# C++ suites (GoogleTest), innermost layer first.
for suite in domain db apps http crypto net moderation composer acedata generation payment sms media; do
    bin=$(find "$build/tests" -type f -executable -name "gequ_${suite}_tests" 2>/dev/null | head -1)
    [ -n "$bin" ] || continue
    echo "== $suite ($bin)"
    "$bin" --gtest_brief=1 --gtest_output="json:$out/$suite.json" > "$out/$suite.log" 2>&1
    rc=$?
    counts=$(json_counts "$out/$suite.json" '[r.tests-r.failures-(r.disabled||0), r.failures]')
    if [ -z "$counts" ]; then counts="0 1"; fi
    read -r p f <<< "$counts"
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi # crashed after the report, or a global set-up failed
    [ "$f" = 0 ] || { tail -60 "$out/$suite.log"; note_failed "$suite" "$(grep -E '^\[  FAILED  \] [A-Za-z]' "$out/$suite.log" | sed 's/^\[  FAILED  \] //' | head -20)"; }
    report "$suite" "$p" "$f"
done

# Web unit and component tests (vitest).
if [ -f web/package.json ]; then
    echo "== web (vitest)"
    (cd web && npx vitest run --reporter=dot --reporter=json --outputFile="$root/$out/web.json") > "$out/web.log" 2>&1
    rc=$?
    # Failed tests, plus each test file that failed without a failed test (it did not load, or a hook threw).
    # (numFailedTestSuites would count a failing test's file and each describe around it once more.)
    counts=$(json_counts "$out/web.json" '[r.numPassedTests, r.numFailedTests + r.testResults.filter((t) => t.status === "failed" && !t.assertionResults.some((a) => a.status === "failed")).length]')
    [ -n "$counts" ] || counts="0 1"
    read -r p f <<< "$counts"
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
    [ "$f" = 0 ] || { tail -80 "$out/web.log"; note_failed web "$(node -e "for (const t of JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')).testResults) for (const a of t.assertionResults) if (a.status==='failed') console.log(t.name.split('/web/').pop()+': '+a.fullName)" "$out/web.json" 2>/dev/null | head -20)"; }
    report web "$p" "$f"
fi

# The web app's lint: ESLint (typescript-eslint, react-hooks, jsx-a11y) per file, and Prettier's formatting. A file
# with an ESLint error, or one Prettier would change, is a failure.
if [ -f web/eslint.config.js ]; then
    echo "== lint (eslint, prettier)"
    (cd web && npx eslint . --format json --output-file "$root/$out/eslint.json"; \
        npx prettier --list-different . > "$root/$out/prettier.txt") > "$out/lint.log" 2>&1
    counts=$(json_counts "$out/eslint.json" '[r.filter(f=>f.errorCount===0).length, r.filter(f=>f.errorCount>0).length]')
    [ -n "$counts" ] || counts="0 1"
    read -r p f <<< "$counts"
    unformatted=$(grep -c . "$out/prettier.txt" 2>/dev/null) # grep prints 0 (and fails) when every file is formatted
    unformatted=${unformatted:-0}
    f=$((f + unformatted))
    if [ "$f" != 0 ]; then
        node -e "for (const f of JSON.parse(require('fs').readFileSync(process.argv[1],'utf8'))) for (const m of f.messages) console.log(f.filePath+':'+m.line+' '+m.ruleId+' '+m.message)" "$out/eslint.json" 2>/dev/null | head -40
        sed 's/^/prettier: /' "$out/prettier.txt" | head -20
        tail -20 "$out/lint.log"
    fi
    report lint "$p" "$f"
fi

# End-to-end journeys in Chromium against a real gequ-server.
if [ -d tests/e2e ]; then
    echo "== e2e (chromium)"
    scripts/e2e.sh "$build" > "$out/e2e.log" 2>&1
    rc=$?
    p=$(grep -E '^# pass ' "$out/e2e.log" | tail -1 | awk '{print $3}')
    f=$(grep -E '^# fail ' "$out/e2e.log" | tail -1 | awk '{print $3}')
    p=${p:-0}; f=${f:-0}
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
    [ "$f" = 0 ] || { tail -80 "$out/e2e.log"; note_failed e2e "$(tap_failures "$out/e2e.log")"; }
    report e2e "$p" "$f"
fi

# The production shape (make cluster) with one instance killed mid-load: figures in its log, shown here too.
if [ -f tests/cluster/kill_test.mjs ]; then
    echo "== cluster (PostgreSQL, S3, three instances behind nginx, one killed)"
    GEQU_BUILD="$build" GEQU_CLUSTER_KEEP="$out/cluster" node --test tests/cluster/kill_test.mjs > "$out/cluster.log" 2>&1
    rc=$?
    p=$(grep -E '^# pass ' "$out/cluster.log" | tail -1 | awk '{print $3}')
    f=$(grep -E '^# fail ' "$out/cluster.log" | tail -1 | awk '{print $3}')
    p=${p:-0}; f=${f:-0}
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
    grep -E '^# (cluster up|SIGKILL|users|requests|refusals|failed requests|in flight|creates|orders|finished songs|gequ-admin)' "$out/cluster.log"
    [ "$f" = 0 ] || { tail -80 "$out/cluster.log"; note_failed cluster "$(tap_failures "$out/cluster.log")"; }
    report cluster "$p" "$f"
fi

echo
for name in "${failed_names[@]}"; do echo "failed: $name"; done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
