# shellcheck shell=bash
# Shared by scripts/serve and scripts/test (sourced, not run).
#
# Everything here is idempotent: each `ensure_*` checks first and installs only what is missing or
# of the wrong version, saying what it installs and roughly how long that takes. The machine this
# targets is a bare Debian with a rustup toolchain, reaching only crates.io, npm, PyPI and Debian's
# packages (see ../shared/TOOLCHAIN.md), so every tool comes from one of those registries: nothing
# downloads its own binaries.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
# Project-local npm tools (wasm-opt from binaryen, playwright-core) first, then cargo-installed ones.
export PATH="$ROOT/node_modules/.bin:$CARGO_BIN:$PATH"

# Pinned tool versions. wasm-bindgen-cli is not pinned here: it must equal the wasm-bindgen crate
# version in Cargo.lock, which the web crate pins with `=`.
TRUNK_VERSION="0.21.14"      # 0.22 needs a newer rustc than this machine's
GECKODRIVER_VERSION="0.37.1"
BINARYEN_VERSION="132"       # Debian's binaryen (108) produces a wasm that fails to load
WASM_TARGET="wasm32-unknown-unknown"
CHROMIUM_BIN="${CHROMIUM_BIN:-/usr/bin/chromium}"
# The computer's SIMD worker module (crates/worker-simd, built by scripts/worker-simd, and the
# benchmark's module built as it is by scripts/speed): `simd128` for the whole module (simd_cargo
# below), so that the rules keep a 10×10 set in one SIMD register (crates/rules/src/bits_v128.rs);
# a target directory of its own, so that these flags do not rebuild the other modules' crates;
# wasm-opt's pass.
SIMD_TARGET_DIR="$ROOT/target/simd128"
SIMD_WASM_OPT=(-O3 --enable-simd)
CHROMEDRIVER_BIN="${CHROMEDRIVER_BIN:-/usr/bin/chromedriver}"
FIREFOX_BIN="${FIREFOX_BIN:-/usr/bin/firefox-esr}"
export CHROMIUM_BIN

say() { printf '==> %s\n' "$*"; }

# Cargo for the SIMD worker module's crates (see SIMD_TARGET_DIR above): `simd128` throughout,
# whatever flags the caller's environment holds.
simd_cargo() {
    env -u CARGO_ENCODED_RUSTFLAGS RUSTFLAGS="-C target-feature=+simd128" \
        CARGO_TARGET_DIR="$SIMD_TARGET_DIR" cargo "$@"
}
die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

# Runs a command as root (directly, or through sudo when available).
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root to run: $* (run this script as root, or install sudo)"
    fi
}

APT_UPDATED=0
# Installs the named Debian packages that are not installed yet.
apt_ensure() {
    local missing=() pkg
    for pkg in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$pkg")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 || die "missing Debian packages ${missing[*]} and no apt-get here"
    if [ "$APT_UPDATED" = 0 ]; then
        say "apt-get update (once, ~10 s)"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
        APT_UPDATED=1
    fi
    say "installing Debian packages ${missing[*]} (~30 s to 2 min once)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

# A C compiler and linker: rustc links through `cc`, and some build scripts compile C.
ensure_cc() {
    command -v cc >/dev/null 2>&1 || apt_ensure build-essential pkg-config
}

ensure_wasm_target() {
    command -v rustup >/dev/null 2>&1 || die "rustup not found: install a Rust toolchain with rustup first"
    if ! rustup target list --installed | grep -qx "$WASM_TARGET"; then
        say "adding the Rust target $WASM_TARGET with rustup (~20 s once)"
        rustup target add "$WASM_TARGET"
    fi
}

# rustfmt and clippy: absent from rustup's minimal profile.
ensure_rust_components() {
    local comp
    for comp in rustfmt clippy; do
        if ! rustup component list --installed | grep -q "^$comp"; then
            say "adding the Rust component $comp with rustup (~10 s once)"
            rustup component add "$comp"
        fi
    done
}

# Node.js 20 or newer and npm (playwright-core needs 20).
ensure_node() {
    local major=0
    if command -v node >/dev/null 2>&1; then
        major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
    fi
    if [ "$major" -lt 20 ] || ! command -v npm >/dev/null 2>&1; then
        apt_ensure nodejs npm
        major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
        [ "$major" -ge 20 ] || die "Node.js $major is too old: the end-to-end tools need Node.js 20 or newer"
    fi
}

# The wasm-bindgen version that Cargo.lock resolved (the web crate pins it with `=`).
lock_wasm_bindgen_version() {
    [ -f "$ROOT/Cargo.lock" ] || die "Cargo.lock is missing: it is committed; restore it with git"
    awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

# Makes the installed wasm-bindgen-cli equal to Cargo.lock's wasm-bindgen, and checks that
# Trunk.toml names the same version: a mismatch otherwise surfaces as an obscure Trunk error.
ensure_wasm_bindgen() {
    local want have trunk_says
    want="$(lock_wasm_bindgen_version)"
    [ -n "$want" ] || die "Cargo.lock has no wasm-bindgen entry (is crates/web a workspace member?)"
    trunk_says="$(sed -n 's/^wasm_bindgen *= *"\(.*\)"/\1/p' "$ROOT/Trunk.toml")"
    if [ "$trunk_says" != "$want" ]; then
        die "Trunk.toml sets wasm_bindgen = \"$trunk_says\" but Cargo.lock has wasm-bindgen $want: make them equal (crates/web/Cargo.toml pins wasm-bindgen with \"=\")"
    fi
    have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
    if [ "$have" != "$want" ]; then
        if [ -n "$have" ]; then
            say "version mismatch: Cargo.lock uses wasm-bindgen $want, but the wasm-bindgen-cli on PATH ($(command -v wasm-bindgen)) is $have; they must be equal"
        fi
        say "installing wasm-bindgen-cli $want from crates.io into $CARGO_BIN (~5 min once)"
        # No --locked: the CLI's own lock file wants a crate version the registry mirror lacks.
        cargo install --force wasm-bindgen-cli --version "$want"
        have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
        [ "$have" = "$want" ] || die "wasm-bindgen on PATH is still '$have' ($(command -v wasm-bindgen)), not $want: remove the other copy from PATH"
    fi
    local runner
    runner="$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}' || true)"
    [ "$runner" = "$want" ] || die "wasm-bindgen-test-runner on PATH is '$runner', not $want ($(command -v wasm-bindgen-test-runner || echo 'not found'))"
}

ensure_trunk() {
    local have
    have="$(trunk --version 2>/dev/null | awk '{print $2}' || true)"
    if [ "$have" != "$TRUNK_VERSION" ]; then
        [ -n "$have" ] && say "Trunk on PATH is $have; this project pins $TRUNK_VERSION"
        say "installing Trunk $TRUNK_VERSION from crates.io into $CARGO_BIN (~9 min once)"
        cargo install --force --locked trunk --version "$TRUNK_VERSION"
    fi
}

# wasm-opt (binaryen) and playwright-core from npm into ./node_modules, exactly as package-lock.json says.
ensure_node_modules() {
    ensure_node
    local stamp="$ROOT/node_modules/.boomchess-lock"
    local want
    want="$(cksum <"$ROOT/package-lock.json")"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] || [ ! -x "$ROOT/node_modules/.bin/wasm-opt" ]; then
        say "installing binaryen (wasm-opt) and playwright-core from npm into node_modules/ (~10 s)"
        (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
        printf '%s\n' "$want" >"$stamp"
    fi
    # node_modules/.bin is first on PATH, so this package's wasm-opt is the one Trunk runs.
    # (Reading its package.json is instant; `wasm-opt --version` takes a second under Node.)
    grep -q "\"version\": \"$BINARYEN_VERSION\." "$ROOT/node_modules/binaryen/package.json" 2>/dev/null ||
        die "node_modules/binaryen is not version $BINARYEN_VERSION: fix package.json and run npm install"
}

ensure_chromium() {
    apt_ensure chromium chromium-driver
}

# PostgreSQL's server programs, for the test of several game servers on one database (the test
# makes and starts a cluster of its own, on a free port, and stops it; nothing else is started).
ensure_postgresql() {
    apt_ensure postgresql
}

ensure_firefox() {
    apt_ensure firefox-esr
    local have
    have="$(geckodriver --version 2>/dev/null | awk 'NR == 1 {print $2}' || true)"
    if [ -z "$have" ]; then
        say "installing geckodriver $GECKODRIVER_VERSION from crates.io into $CARGO_BIN (~5 min once)"
        cargo install --locked geckodriver --version "$GECKODRIVER_VERSION"
    fi
}

# Everything the release build needs.
ensure_build_tools() {
    ensure_cc
    ensure_wasm_target
    ensure_node_modules
    ensure_wasm_bindgen
    ensure_trunk
}

# Builds the release game into dist/ unless dist/ is newer than every input: with nothing changed,
# `scripts/serve` then starts at once instead of re-running the optimiser.
build_release() {
    local stamp="$ROOT/dist/.boomchess-build" inputs changed
    inputs="$(printf '%s|' "$(wasm-bindgen --version)" "$(trunk --version)" "binaryen $BINARYEN_VERSION")"
    changed=1
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ]; then
        changed="$(cd "$ROOT" && find crates www index.html Trunk.toml Cargo.toml Cargo.lock .cargo \
            scripts/worker-simd scripts/lib.sh -newer "$stamp" -not -path '*/target/*' -print -quit \
            2>/dev/null | wc -l)"
    fi
    if [ "$changed" != 0 ]; then
        say "fetching crates (cargo fetch --locked; seconds when cached)"
        (cd "$ROOT" && cargo fetch --locked)
        say "building the release game with Trunk into dist/ (~2 min from scratch, seconds after)"
        (cd "$ROOT" && trunk build --release --offline --locked)
        printf '%s\n' "$inputs" >"$stamp"
    else
        say "dist/ is up to date"
    fi
}

# Runs the game server (crates/server) in the foreground on 127.0.0.1:$1, serving dist/ and online
# play; cargo builds it first if anything changed (~2 min the first time, a second after).
run_server() {
    local port="$1"
    say "building and starting the game server: cargo run --release -p boomchess-server (a few minutes the first time, a second after)"
    say "it serves dist/ and online play on http://127.0.0.1:$port/, games in ${BOOMCHESS_DATA:-data/boomchess.sqlite3} (Ctrl-C stops)"
    cd "$ROOT"
    exec cargo run --release --locked -p boomchess-server -- --port "$port" --dist dist
}
