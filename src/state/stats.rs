//! The player's record, kept in the browser: puzzles solved per level (and per variant and
//! level: "Killer, Medium"), the best and average times, and the streak of days on which
//! today's puzzle or today's variant was solved. Offline, and saved
//! apart from any puzzle, so that it survives every new one.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::state::game::Game;

/// Where puzzles this app did not make (entered, pasted, scanned, linked) are filed.
pub const OWN: &str = "Other puzzles";

/// One level's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    pub solved: u32,
    /// Solved without the solver's answers (the solution, a revealed cell, the step list):
    /// only these count for the times.
    pub timed: u32,
    pub total_ms: u64,
    pub best_ms: Option<u64>,
}

impl Record {
    pub fn average_ms(&self) -> Option<u64> {
        (self.timed > 0).then(|| self.total_ms / u64::from(self.timed))
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// By the rater's level name, or `OWN`.
    pub levels: Levels,
    /// Days in a row on which today's puzzle or today's variant was solved (either keeps
    /// it), up to the last one solved.
    pub streak: u32,
    pub best_streak: u32,
    /// The date of the last today's puzzle solved, in days since 1 January 1970.
    pub last_daily: Option<i64>,
}

impl Stats {
    /// A puzzle was finished in `elapsed_ms` with `game`'s help.
    pub fn record(&mut self, game: &Game, elapsed_ms: u64) {
        let level = game.level().unwrap_or_else(|| OWN.to_string());
        let record = self.levels.entry(level);
        record.solved += 1;
        if !game.spoiled {
            record.timed += 1;
            record.total_ms = record.total_ms.saturating_add(elapsed_ms);
            record.best_ms = Some(record.best_ms.map_or(elapsed_ms, |b| b.min(elapsed_ms)));
        }
        if let Some((year, month, day)) = game.daily() {
            let date = days_since_epoch(year, month, day);
            self.streak = match self.last_daily {
                // The same day again, or an older day's puzzle finished late.
                Some(last) if date <= last => self.streak,
                Some(last) if last + 1 == date => self.streak + 1,
                _ => 1,
            };
            self.last_daily = Some(self.last_daily.map_or(date, |last| last.max(date)));
            self.best_streak = self.best_streak.max(self.streak);
        }
    }

    /// The streak as of `today` (days since 1970): it lapses once a day passes unsolved.
    pub fn streak_on(&self, today: i64) -> u32 {
        match self.last_daily {
            Some(last) if today - last <= 1 => self.streak,
            _ => 0,
        }
    }
}

/// Each level's record by its name, in the names' order, saved as a JSON object of them:
/// a list kept in order rather than a `BTreeMap`, which would be a tree's code in the
/// page's module for this map alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Levels(Vec<(String, Record)>);

impl Levels {
    /// The record of `level`, a new one if it has none.
    pub fn entry(&mut self, level: String) -> &mut Record {
        let at = match self
            .0
            .binary_search_by(|(name, _)| name.as_str().cmp(&level))
        {
            Ok(at) => at,
            Err(at) => {
                self.0.insert(at, (level, Record::default()));
                at
            }
        };
        &mut self.0[at].1
    }

    /// The levels and their records, in the names' order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Record)> {
        self.0.iter().map(|(name, record)| (name.as_str(), record))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
impl std::ops::Index<&str> for Levels {
    type Output = Record;

    fn index(&self, level: &str) -> &Record {
        let at = self.0.iter().position(|(name, _)| name == level);
        &self.0[at.expect("a level with a record")].1
    }
}

impl Serialize for Levels {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Levels {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Levels, D::Error> {
        struct Names;
        impl<'de> Visitor<'de> for Names {
            type Value = Levels;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("records by level")
            }

            /// As a map reads them: in the names' order, the last of a name kept.
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Levels, A::Error> {
                let mut levels = Levels::default();
                while let Some((name, record)) = map.next_entry::<String, Record>()? {
                    *levels.entry(name) = record;
                }
                Ok(levels)
            }
        }
        deserializer.deserialize_map(Names)
    }
}

/// Days from 1 January 1970 to the date (proleptic Gregorian; Howard Hinnant's
/// `days_from_civil`).
pub fn days_since_epoch(year: u16, month: u8, day: u8) -> i64 {
    let (month, day) = (i64::from(month), i64::from(day));
    let year = i64::from(year) - i64::from(month <= 2);
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Seed, Wanted};
    use crate::state::game::Origin;

    fn daily(year: u16, month: u8, day: u8) -> Game {
        Game {
            origin: Some(Origin {
                wanted: Wanted::default(),
                seed: Seed::Daily { year, month, day },
                level: "Easy".into(),
                rating: 1.0,
            }),
            ..Game::default()
        }
    }

    #[test]
    fn dates_count_in_days() {
        assert_eq!(days_since_epoch(1970, 1, 1), 0);
        assert_eq!(days_since_epoch(2000, 3, 1), 11_017);
        assert_eq!(
            days_since_epoch(2024, 3, 1) - days_since_epoch(2024, 2, 28),
            2,
            "a leap year"
        );
    }

    #[test]
    fn levels_count_solves_and_times_without_the_solvers_answers() {
        let mut stats = Stats::default();
        let game = daily(2026, 11, 24);
        stats.record(&game, 90_000);
        stats.record(&game, 60_000);
        let spoiled = Game {
            spoiled: true,
            ..daily(2026, 11, 24)
        };
        stats.record(&spoiled, 1_000);
        stats.record(&Game::default(), 5_000);
        let easy = &stats.levels["Easy"];
        assert_eq!((easy.solved, easy.timed), (3, 2));
        assert_eq!(
            (easy.best_ms, easy.average_ms()),
            (Some(60_000), Some(75_000))
        );
        assert_eq!(stats.levels[OWN].solved, 1);
    }

    #[test]
    fn a_variant_is_filed_under_its_variant_and_level_and_today_s_keeps_the_streak() {
        use sudoku_engine::generate::variant::Genre;
        let mut stats = Stats::default();
        stats.record(&daily(2026, 11, 23), 1_000);
        let mut killer = daily(2026, 11, 24);
        if let Some(origin) = &mut killer.origin {
            origin.wanted = Wanted::variant(Genre::Killer, Some(1));
            origin.level = "Medium".into();
        }
        stats.record(&killer, 2_000);
        assert_eq!(stats.levels["Killer, Medium"].solved, 1);
        assert_eq!(stats.levels["Easy"].solved, 1, "apart from classic");
        assert_eq!(
            stats.streak, 2,
            "today's variant counts for the streak as today's puzzle does"
        );
    }

    #[test]
    fn levels_are_saved_as_an_object_in_the_names_order_and_read_in_any() {
        let mut stats = Stats::default();
        stats.record(&Game::default(), 5_000);
        stats.record(&daily(2026, 11, 24), 90_000);
        let json = serde_json::to_string(&stats.levels).unwrap();
        assert_eq!(
            json,
            r#"{"Easy":{"solved":1,"timed":1,"total_ms":90000,"best_ms":90000},"Other puzzles":{"solved":1,"timed":1,"total_ms":5000,"best_ms":5000}}"#
        );
        let swapped =
            r#"{"Other puzzles":{"solved":2},"Easy":{"solved":1},"Other puzzles":{"solved":3}}"#;
        let read: Levels = serde_json::from_str(swapped).unwrap();
        let names: Vec<(&str, u32)> = read.iter().map(|(l, r)| (l, r.solved)).collect();
        assert_eq!(names, [("Easy", 1), ("Other puzzles", 3)]);
        assert_eq!(
            serde_json::from_str::<Stats>(&serde_json::to_string(&stats).unwrap()).unwrap(),
            stats
        );
    }

    #[test]
    fn the_streak_grows_day_by_day_and_lapses_after_a_missed_day() {
        let mut stats = Stats::default();
        for day in [22, 23, 23, 24] {
            stats.record(&daily(2026, 11, day), 1_000);
        }
        assert_eq!((stats.streak, stats.best_streak), (3, 3));
        let the_24th = days_since_epoch(2026, 11, 24);
        assert_eq!(stats.streak_on(the_24th + 1), 3, "still alive the next day");
        assert_eq!(stats.streak_on(the_24th + 2), 0, "a day missed");
        stats.record(&daily(2026, 11, 27), 1_000);
        assert_eq!((stats.streak, stats.best_streak), (1, 3));
        stats.record(&daily(2026, 11, 26), 1_000);
        assert_eq!(
            (stats.streak, stats.last_daily),
            (1, Some(days_since_epoch(2026, 11, 27))),
            "an older day's puzzle finished late leaves the streak as it was"
        );
    }
}
