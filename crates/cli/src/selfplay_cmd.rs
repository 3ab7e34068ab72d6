//! `boomchess selfplay`: two engine levels play each other, colours
//! alternating, with `boomchess_rules::Game` as the referee.

use crate::args::Args;
use crate::output::out;
use boomchess_ai::{choose_carriers, level, Engine, Rng, Settings, LEVELS};
use boomchess_rules::{Color, Game, Phase, VariantPosition};
use std::sync::atomic::AtomicBool;

/// Games longer than this many plies are adjudicated drawn.
const DEFAULT_MAX_PLIES: u32 = 400;

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn add(&mut self, result: Option<bool>) {
        match result {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }
    fn score_percent(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) * 100.0 / f64::from(games)
    }
    fn text(&self) -> String {
        format!("{}/{}/{}", self.wins, self.draws, self.losses)
    }
}

/// No level gets less than this many nodes per move from `--nodes` (or
/// its own table budget if that is smaller), so that the weak levels
/// still complete their shallow searches.
const MIN_SCALED_NODES: u64 = 4_000;

/// The node budget of `level`: its table budget, or with `--nodes N` the
/// level's share of `N` (level 8 gets `N`, the others in the table's
/// proportions, but at least `MIN_SCALED_NODES` or their table budget).
fn budget(level_number: u8, nodes: Option<u64>) -> u64 {
    let own = level(level_number).nodes;
    match nodes {
        Some(n) => {
            let share = (u128::from(n) * u128::from(own) / u128::from(LEVELS[7].nodes)) as u64;
            share.max(own.min(MIN_SCALED_NODES)).max(1)
        }
        None => own,
    }
}

fn parse_level(args: &Args, name: &str) -> Result<u8, String> {
    let n: u8 = args.number(name)?;
    if (1..=8).contains(&n) {
        Ok(n)
    } else {
        Err(format!("--{name} must be 1 to 8, got {n}"))
    }
}

/// Runs the selfplay command.
pub fn run(argv: &[String]) -> Result<(), String> {
    let args = Args::parse(
        argv,
        &[],
        &[
            "variant",
            "option",
            "white-level",
            "black-level",
            "games",
            "seed",
            "nodes",
            "max-plies",
            "opening-plies",
        ],
    )?;
    let (variant, options) = args.variant_and_options()?;
    let level_a = parse_level(&args, "white-level")?;
    let level_b = parse_level(&args, "black-level")?;
    let games: u32 = args.number("games")?;
    let seed: u64 = match args.value("seed") {
        Some(_) => args.number("seed")?,
        None => 1,
    };
    let nodes: Option<u64> = match args.value("nodes") {
        Some(_) => Some(args.number::<u64>("nodes")?.max(1)),
        None => None,
    };
    let max_plies: u32 = match args.value("max-plies") {
        Some(_) => args.number("max-plies")?,
        None => DEFAULT_MAX_PLIES,
    };
    let opening_plies: u32 = match args.value("opening-plies") {
        Some(_) => args.number("opening-plies")?,
        None => 0,
    };
    out!(
        "selfplay {variant}{}: A = level {level_a} ({} nodes/move), B = level {level_b} ({} nodes/move), {games} games, seed {seed}, opening {opening_plies} plies",
        options.words().iter().map(|w| format!(" {w}")).collect::<String>(),
        budget(level_a, nodes),
        budget(level_b, nodes),
    );
    let mut by_colour = Tally::default();
    let mut a = Tally::default();
    // Levels without noise play the same game again from the same start: a repeat is no new
    // evidence, so the summary says how many games differed.
    let mut distinct = std::collections::HashSet::new();
    for i in 0..games {
        let a_white = i % 2 == 0;
        let (white, black) = if a_white {
            (level_a, level_b)
        } else {
            (level_b, level_a)
        };
        let game_seed = Rng::new(seed ^ (u64::from(i) << 32)).next_u64();
        // Both games of a pair (colours swapped) share the opening.
        let opening = Opening {
            plies: opening_plies,
            seed: Rng::new(seed ^ (u64::from(i / 2) << 32) ^ 0x09E7).next_u64(),
        };
        let (game, plies) = play_game(
            variant,
            options,
            [white, black],
            nodes,
            game_seed,
            max_plies,
            opening,
        )?;
        let outcome = game.outcome();
        let winner = outcome.and_then(|o| o.winner());
        let white_won = winner.map(|w| w == Color::White);
        by_colour.add(white_won);
        a.add(white_won.map(|w| w == a_white));
        let result = match outcome {
            Some(o) => o.to_string(),
            None => format!("1/2-1/2 (adjudicated after {plies} plies)"),
        };
        let moves = game.san_moves();
        distinct.insert((a_white, moves.join(" ")));
        let opening_moves = moves[..(opening_plies as usize).min(plies as usize)].join(" ");
        out!(
            "game {}: white {} (level {white}) - black {} (level {black}): {result}, {plies} plies{}",
            i + 1,
            if a_white { "A" } else { "B" },
            if a_white { "B" } else { "A" },
            if opening_moves.is_empty() {
                String::new()
            } else {
                format!(", opening {opening_moves}")
            },
        );
    }
    let b = Tally {
        wins: a.losses,
        draws: a.draws,
        losses: a.wins,
    };
    out!("by colour: white {} (wins/draws/losses)", by_colour.text());
    out!(
        "distinct games: {} of {games}{}",
        distinct.len(),
        if distinct.len() < games as usize {
            " (some were the same game again: --opening-plies N varies them)"
        } else {
            ""
        }
    );
    out!(
        "engine A (level {level_a}): {} (wins/draws/losses), score {:.1}%",
        a.text(),
        a.score_percent()
    );
    out!(
        "engine B (level {level_b}): {} (wins/draws/losses), score {:.1}%",
        b.text(),
        b.score_percent()
    );
    out!("wins/draws/losses {}", a.text());
    Ok(())
}

/// The start of a game shared by a pair of games: the first `plies` moves
/// are level 1's choices (plausible, varied by `seed`) for both sides.
#[derive(Clone, Copy, Debug)]
struct Opening {
    plies: u32,
    seed: u64,
}

/// Plays one game; `levels` are White's and Black's. Returns the game and
/// its length in plies.
fn play_game(
    variant: boomchess_rules::Variant,
    options: boomchess_rules::Options,
    levels: [u8; 2],
    nodes: Option<u64>,
    seed: u64,
    max_plies: u32,
    opening: Opening,
) -> Result<(Game, u32), String> {
    let mut game = Game::new(variant, options);
    let mut rng = Rng::new(seed);
    let mut opening_rng = Rng::new(opening.seed);
    while let Phase::Setup(color) = game.phase() {
        // Each side chooses from its own view of the start position.
        let view = game.start_position().view(color);
        let count = usize::from(game.carriers_to_choose());
        let names: Vec<String> = choose_carriers(&view, color, count, rng.next_u64())
            .into_iter()
            .map(|sq| view.square_name(sq))
            .collect();
        game.choose_carriers(&names).map_err(|e| e.to_string())?;
    }
    let mut engines = [Engine::new(8), Engine::new(8)];
    let stop = AtomicBool::new(false);
    let mut plies = 0;
    while game.outcome().is_none() && plies < max_plies {
        let me = game.position().turn();
        let view = game.view(me);
        let history: Vec<VariantPosition> = (0..plies as usize)
            .filter_map(|i| game.position_at(i).map(|p| p.view(me)))
            .collect();
        let in_opening = plies < opening.plies;
        let lvl = if in_opening { 1 } else { levels[me.index()] };
        let move_seed = if in_opening {
            opening_rng.next_u64()
        } else {
            rng.next_u64()
        };
        let mut settings = Settings::fixed_nodes(lvl, move_seed);
        settings.limits.nodes = Some(budget(lvl, nodes));
        // Hidden enemy carriers to fear: no more than the game has left the enemy in public.
        settings.enemy_carriers = Some(game.carriers_at_most(!me));
        let thought = engines[me.index()].think(&view, &history, &settings, &stop, &|| 0.0);
        let mv = thought
            .best
            .ok_or_else(|| "the engine found no move in a running game".to_string())?;
        game.play(mv).map_err(|e| e.to_string())?;
        plies += 1;
    }
    Ok((game, plies))
}
