//! Perft counts of Stratomic, Flying Bombers and Beirut with bombs, read from
//! `tests/data/perft_variants.txt`. The counts there were derived by the
//! independent reference generator of `tests/reference` (written only from
//! docs/rules.md) and checked against the engine by `tests/differential.rs`; this
//! test needs no reference at run time.
//!
//! Counts up to `MAX_NODES` leaves run by default; larger ones are checked by
//! the `#[ignore]`d `perft_variants_deep` (in the `perf` profile:
//! `cargo test -p boomchess-rules --profile perf --test perft_variants -- --include-ignored`).

use boomchess_rules::{Options, Variant, VariantPosition};

const DATA: &str = include_str!("data/perft_variants.txt");

/// Counts above this many leaves only run in `perft_variants_deep`.
const MAX_NODES: u64 = 2_000_000;

struct Case {
    line: usize,
    variant: Variant,
    options: Vec<String>,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (i, line) in DATA.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').collect();
        assert_eq!(fields.len(), 4, "line {}: {line}", i + 1);
        let variant = Variant::from_name(fields[0]).unwrap();
        let options = if fields[1] == "-" {
            Vec::new()
        } else {
            fields[1].split(',').map(str::to_string).collect()
        };
        let counts = fields[3]
            .split_whitespace()
            .map(|dc| {
                let (d, c) = dc.split_once(':').expect("depth:count");
                (d.parse().unwrap(), c.parse().unwrap())
            })
            .collect();
        out.push(Case {
            line: i + 1,
            variant,
            options,
            fen: fields[2].to_string(),
            counts,
        });
    }
    out
}

fn check(deep: bool) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in cases() {
        let options = Options::parse(case.variant, &case.options).unwrap();
        let pos = VariantPosition::from_fen(case.variant, options, &case.fen)
            .unwrap_or_else(|e| panic!("line {}: {e:?}", case.line));
        for &(depth, expected) in &case.counts {
            if (expected > MAX_NODES) != deep {
                continue;
            }
            let got = pos.perft(depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "line {}: {} {:?} {} depth {depth}: expected {expected}, engine {got}",
                    case.line, case.variant, case.options, case.fen
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn perft_variants() {
    assert!(check(false) > 50);
}

#[test]
#[ignore = "the counts above MAX_NODES leaves; run in the perf profile"]
fn perft_variants_deep() {
    check(true);
}

#[test]
fn data_covers_every_variant_and_option() {
    let cases = cases();
    for (variant, option) in [
        ("stratomic", ""),
        ("flying-bombers", ""),
        ("flying-bombers", "immediate-landing"),
        ("flying-bombers", "super-knights"),
        ("beirut", ""),
        ("beirut", "dead-mans-switch"),
    ] {
        assert!(
            cases.iter().any(|c| c.variant.name() == variant
                && (option.is_empty() || c.options.iter().any(|o| o == option))),
            "no {variant} {option} entry"
        );
    }
}
