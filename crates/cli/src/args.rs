//! A small command-line parser: `--name value` pairs and `--flag`s.

use boomchess_rules::{Options, Variant};

/// Parsed `--name value` options and flags, in order.
pub struct Args {
    values: Vec<(String, String)>,
    flags: Vec<String>,
}

impl Args {
    /// Parses `argv`; `flag_names` take no value, every other `--name` does.
    pub fn parse(
        argv: &[String],
        flag_names: &[&str],
        value_names: &[&str],
    ) -> Result<Args, String> {
        let mut args = Args {
            values: Vec::new(),
            flags: Vec::new(),
        };
        let mut iter = argv.iter();
        while let Some(arg) = iter.next() {
            let name = arg
                .strip_prefix("--")
                .ok_or_else(|| format!("unexpected argument '{arg}'"))?;
            if flag_names.contains(&name) {
                args.flags.push(name.to_string());
            } else if value_names.contains(&name) {
                let value = iter
                    .next()
                    .ok_or_else(|| format!("--{name} needs a value"))?;
                args.values.push((name.to_string(), value.clone()));
            } else {
                return Err(format!("unknown option '--{name}'"));
            }
        }
        Ok(args)
    }

    /// The last value given for `name`.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value given for a repeatable `name`.
    pub fn values(&self, name: &str) -> Vec<&str> {
        self.values
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Whether `--name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// A required numeric value.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<T, String> {
        let text = self
            .value(name)
            .ok_or_else(|| format!("--{name} is required"))?;
        text.parse()
            .map_err(|_| format!("--{name} needs a number, got '{text}'"))
    }

    /// `--variant` (default beirut) and its `--option`s (each may also be a
    /// comma-separated list).
    pub fn variant_and_options(&self) -> Result<(Variant, Options), String> {
        let variant = Variant::from_name(self.value("variant").unwrap_or("beirut"))
            .map_err(|e| e.to_string())?;
        let words: Vec<&str> = self
            .values("option")
            .into_iter()
            .flat_map(|v| v.split(','))
            .collect();
        let options = Options::parse(variant, &words).map_err(|e| e.to_string())?;
        Ok((variant, options))
    }
}
