//! Reads perft suites kept as data files: one position a line,
//! `variant|options|fen|depth:count depth:count ...`, `#` comments.

use boomchess_rules::{Options, Variant, VariantPosition};

/// Which depths of each line to check.
#[derive(Clone, Copy)]
#[allow(dead_code)] // each test binary uses the variants it needs
pub enum Depths {
    /// Every depth listed.
    All,
    /// Only depths up to this one.
    UpTo(u32),
}

/// One parsed line of a suite.
pub struct Entry {
    pub position: VariantPosition,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Parses a suite; panics with the line number on a malformed line.
pub fn parse_suite(text: &str) -> Vec<Entry> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(n, line)| {
            let fields: Vec<&str> = line.split('|').collect();
            assert_eq!(fields.len(), 4, "line {}: expected 4 fields", n + 1);
            let variant = Variant::from_name(fields[0]).expect("variant");
            let words: Vec<&str> = if fields[1] == "-" {
                Vec::new()
            } else {
                fields[1].split(',').collect()
            };
            let options = Options::parse(variant, &words).expect("options");
            let position = VariantPosition::from_fen(variant, options, fields[2])
                .unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
            let counts = fields[3]
                .split_whitespace()
                .map(|dc| {
                    let (d, c) = dc.split_once(':').expect("depth:count");
                    (d.parse().expect("depth"), c.parse().expect("count"))
                })
                .collect();
            Entry {
                position,
                fen: fields[2].to_string(),
                counts,
            }
        })
        .collect()
}

/// Checks every entry's perft counts; reports all mismatches at once.
pub fn check_suite(text: &str, depths: Depths) {
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in parse_suite(text) {
        for &(depth, expected) in &entry.counts {
            if let Depths::UpTo(max) = depths {
                if depth > max {
                    continue;
                }
            }
            let got = entry.position.perft(depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    entry.fen
                ));
            }
        }
    }
    assert!(checked > 0, "no perft counts checked");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}
