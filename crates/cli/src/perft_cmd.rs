//! `boomchess perft`: counts the legal move tree of a position.

use crate::args::Args;
use crate::output::out;
use boomchess_rules::VariantPosition;

/// Runs the perft command; the node count is the last line printed.
pub fn run(argv: &[String]) -> Result<(), String> {
    let args = Args::parse(argv, &["divide"], &["variant", "fen", "depth", "option"])?;
    let (variant, options) = args.variant_and_options()?;
    let depth: u32 = args.number("depth")?;
    let pos = match args.value("fen") {
        Some(fen) => {
            VariantPosition::from_fen(variant, options, fen).map_err(|e| format!("bad FEN: {e}"))?
        }
        None => VariantPosition::new(variant, options),
    };
    if args.flag("divide") && depth > 0 {
        let mut total = 0;
        for (mv, count) in pos.divide(depth) {
            out!("{mv} {count}");
            total += count;
        }
        out!("{total}");
    } else {
        out!("{}", pos.perft(depth));
    }
    Ok(())
}
