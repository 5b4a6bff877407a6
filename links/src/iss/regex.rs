//! ISS's `Regex` lines: the expression read as ISS's `RegexParser` reads it
//! (`js/nfa_builder.js`) and compiled to the engine's automaton, which must accept the
//! line's digits in order, the whole line matching.
//!
//! ISS's syntax: a digit is its character (`0`-`9`, then `A`-`Z` or `a`-`z` for 10 and up,
//! less the grid's offset for digits from 0); `.` any digit; `[...]` a class with ranges
//! (`[1-4]`) and `^` to negate; `(...)`; `|`; and the quantifiers `*`, `+`, `?`, `{n}`,
//! `{n,}` and `{n,m}`. A sequence may be empty (`(|1)`). A character that is no digit of
//! the grid is an error, as in ISS, and so is anything the parser does not expect.
//!
//! The expression becomes an automaton with empty moves (Thompson's construction), whose
//! empty moves are then closed over: each state takes the moves of every state its empty
//! moves reach, and accepts if one of those accepts.

use sudoku_engine::rules::{Nfa, MOST_STATES};

use crate::automaton::merged;

/// The automaton of `pattern` on a grid of side `n` whose digits start at `first` (1, or 0
/// for digits from 0), or what is wrong with it.
pub(crate) fn nfa_of_regex(pattern: &str, n: usize, first: u32) -> Result<Nfa, String> {
    let pattern: Vec<char> = pattern.chars().filter(|c| !c.is_whitespace()).collect();
    let text: String = pattern.iter().collect();
    let fail = |why: String| format!("the expression {text} {why}");
    let mut parser = ExpressionParser {
        pattern: &pattern,
        at: 0,
    };
    let tree = parser.expression().map_err(fail)?;
    if parser.at < pattern.len() {
        return Err(fail(format!(
            "has {} where nothing more was expected, at place {}",
            pattern[parser.at],
            parser.at + 1
        )));
    }
    let mut builder = ThompsonBuilder {
        n,
        first,
        moves: Vec::new(),
        empty: Vec::new(),
    };
    let (start, accept) = builder.build(&tree).map_err(fail)?;
    builder.closed(start, accept).map_err(fail)
}

/// A parsed expression.
enum Tree {
    /// One of a set of characters, or any other digit if `negated`.
    Class {
        chars: Vec<char>,
        negated: bool,
    },
    Sequence(Vec<Tree>),
    Either(Vec<Tree>),
    /// Its part from `least` to `most` times (no limit if `None`).
    Repeat {
        part: Box<Tree>,
        least: usize,
        most: Option<usize>,
    },
}

struct ExpressionParser<'a> {
    pattern: &'a [char],
    at: usize,
}

impl ExpressionParser<'_> {
    fn peek(&self) -> Option<char> {
        self.pattern.get(self.at).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek();
        self.at += usize::from(c.is_some());
        c
    }

    fn expect(&mut self, want: char) -> Result<(), String> {
        match self.next() {
            Some(c) if c == want => Ok(()),
            _ => Err(format!("lacks a {want} at place {}", self.at)),
        }
    }

    fn expression(&mut self) -> Result<Tree, String> {
        let mut options = vec![self.sequence()?];
        while self.peek() == Some('|') {
            self.next();
            options.push(self.sequence()?);
        }
        Ok(match options.len() {
            1 => options.pop().expect("one"),
            _ => Tree::Either(options),
        })
    }

    fn sequence(&mut self) -> Result<Tree, String> {
        let mut parts = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            parts.push(self.quantified()?);
        }
        Ok(match parts.len() {
            1 => parts.pop().expect("one"),
            _ => Tree::Sequence(parts),
        })
    }

    fn quantified(&mut self) -> Result<Tree, String> {
        let mut tree = self.primary()?;
        loop {
            let (least, most) = match self.peek() {
                Some('*') => (0, None),
                Some('+') => (1, None),
                Some('?') => (0, Some(1)),
                Some('{') => {
                    tree = self.braces(tree)?;
                    continue;
                }
                _ => return Ok(tree),
            };
            self.next();
            tree = Tree::Repeat {
                part: Box::new(tree),
                least,
                most,
            };
        }
    }

    fn braces(&mut self, part: Tree) -> Result<Tree, String> {
        let start = self.at + 1;
        self.expect('{')?;
        let least = self
            .number()
            .ok_or_else(|| format!("lacks a number after {{ at place {start}"))?;
        let mut most = Some(least);
        if self.peek() == Some(',') {
            self.next();
            most = if self.peek() == Some('}') {
                None
            } else {
                self.number()
            };
            if most.is_some_and(|m| m < least) {
                return Err(format!(
                    "repeats at most fewer times than at least, at place {start}"
                ));
            }
        }
        self.expect('}')?;
        Ok(Tree::Repeat {
            part: Box::new(part),
            least,
            most,
        })
    }

    fn number(&mut self) -> Option<usize> {
        let from = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.next();
        }
        let digits: String = self.pattern[from..self.at].iter().collect();
        digits.parse().ok()
    }

    fn primary(&mut self) -> Result<Tree, String> {
        let place = self.at + 1;
        match self.next() {
            Some('(') => {
                let tree = self.expression()?;
                if self.next() != Some(')') {
                    return Err(format!(
                        "has a group opened at place {place} and not closed"
                    ));
                }
                Ok(tree)
            }
            Some('[') => self.class(place),
            Some('.') => Ok(Tree::Class {
                chars: Vec::new(),
                negated: true,
            }),
            None => Err("ends where a digit was expected".into()),
            Some(c @ ('*' | '+' | '?' | '{' | '|' | ')')) => Err(format!(
                "has {c} where a digit was expected, at place {place}"
            )),
            Some(c) => Ok(Tree::Class {
                chars: vec![c],
                negated: false,
            }),
        }
    }

    fn class(&mut self, place: usize) -> Result<Tree, String> {
        let negated = self.peek() == Some('^');
        if negated {
            self.next();
        }
        let mut chars = Vec::new();
        while let Some(c) = self.peek().filter(|&c| c != ']') {
            self.next();
            if self.peek() == Some('-') {
                self.next();
                let end = self
                    .next()
                    .ok_or_else(|| format!("has a class opened at place {place} and not closed"))?;
                if end < c {
                    return Err(format!("has a range {c}-{end} that runs backwards"));
                }
                chars.extend(c..=end);
            } else {
                chars.push(c);
            }
        }
        self.expect(']')?;
        if chars.is_empty() {
            return Err(format!("has an empty class at place {place}"));
        }
        Ok(Tree::Class { chars, negated })
    }
}

/// An automaton with empty moves, built a fragment at a time: each fragment a start and
/// an accepting state.
struct ThompsonBuilder {
    n: usize,
    first: u32,
    /// Each state's moves on a digit: the set of digits and the target.
    moves: Vec<Vec<(u32, usize)>>,
    /// Each state's empty moves.
    empty: Vec<Vec<usize>>,
}

impl ThompsonBuilder {
    fn state(&mut self) -> Result<usize, String> {
        if self.moves.len() == MOST_STATES {
            return Err(format!("needs more than {MOST_STATES} states"));
        }
        self.moves.push(Vec::new());
        self.empty.push(Vec::new());
        Ok(self.moves.len() - 1)
    }

    /// The digit of a character, as a bit of the grid's digits.
    fn digit(&self, c: char) -> Result<u32, String> {
        let value = c
            .to_digit(36)
            .ok_or_else(|| format!("has {c}, which is no digit"))?;
        let last = self.first + self.n as u32 - 1;
        if !(self.first..=last).contains(&value) {
            return Err(format!(
                "has {c}, which is not a digit from {} to {last}",
                self.first
            ));
        }
        Ok(1 << (value - self.first))
    }

    fn build(&mut self, tree: &Tree) -> Result<(usize, usize), String> {
        match tree {
            Tree::Class { chars, negated } => {
                let set = chars
                    .iter()
                    .try_fold(0, |set, &c| Ok::<_, String>(set | self.digit(c)?))?;
                let all = (1 << self.n) - 1;
                let set = if *negated { all & !set } else { set };
                let (start, accept) = (self.state()?, self.state()?);
                if set != 0 {
                    self.moves[start].push((set, accept));
                }
                Ok((start, accept))
            }
            Tree::Sequence(parts) => {
                let (start, mut end) = {
                    let s = self.state()?;
                    (s, s)
                };
                for part in parts {
                    let (s, a) = self.build(part)?;
                    self.empty[end].push(s);
                    end = a;
                }
                Ok((start, end))
            }
            Tree::Either(options) => {
                let (start, accept) = (self.state()?, self.state()?);
                for option in options {
                    let (s, a) = self.build(option)?;
                    self.empty[start].push(s);
                    self.empty[a].push(accept);
                }
                Ok((start, accept))
            }
            Tree::Repeat { part, least, most } => {
                let (start, mut end) = {
                    let s = self.state()?;
                    (s, s)
                };
                for _ in 0..*least {
                    let (s, a) = self.build(part)?;
                    self.empty[end].push(s);
                    end = a;
                }
                match most {
                    // Any more: a loop back to the part's start, or out.
                    None => {
                        let (s, a) = self.build(part)?;
                        let out = self.state()?;
                        self.empty[end].extend([s, out]);
                        self.empty[a].extend([s, out]);
                        end = out;
                    }
                    // Up to `most - least` more, each skippable to the end.
                    Some(most) => {
                        let out = self.state()?;
                        for _ in *least..*most {
                            let (s, a) = self.build(part)?;
                            self.empty[end].extend([s, out]);
                            end = a;
                        }
                        self.empty[end].push(out);
                        end = out;
                    }
                }
                Ok((start, end))
            }
        }
    }

    /// The automaton without empty moves, keeping only the states the start reaches.
    fn closed(&self, start: usize, accept: usize) -> Result<Nfa, String> {
        let states = self.moves.len();
        let closure = |s: usize| {
            let mut seen = vec![false; states];
            let mut stack = vec![s];
            seen[s] = true;
            while let Some(t) = stack.pop() {
                for &u in &self.empty[t] {
                    if !seen[u] {
                        seen[u] = true;
                        stack.push(u);
                    }
                }
            }
            seen
        };
        // The states reached from the start by digits, numbered in the order found.
        let mut number = vec![None; states];
        let mut order = vec![start];
        number[start] = Some(0u16);
        let (mut moves, mut accepting) = (Vec::new(), Vec::new());
        let mut k = 0;
        while k < order.len() {
            let reach = closure(order[k]);
            accepting.push(reach[accept]);
            let mut own = Vec::new();
            for t in (0..states).filter(|&t| reach[t]) {
                for &(set, target) in &self.moves[t] {
                    let to = *number[target].get_or_insert_with(|| {
                        order.push(target);
                        (order.len() - 1) as u16
                    });
                    own.push((set, to));
                }
            }
            moves.push(merged(own.into_iter()));
            k += 1;
        }
        Nfa::new(vec![0], accepting, moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str) -> Vec<u8> {
        text.chars()
            .map(|c| c.to_digit(36).expect("a digit") as u8)
            .collect()
    }

    #[test]
    fn expressions_match_whole_lines_as_iss_reads_them() {
        // From ISS's suite, "Regex line": digits of a 6x6 grid.
        let nfa = nfa_of_regex("[124578]*3.*", 9, 1).expect("ISS's expression");
        assert!(nfa.accepts(word("1243")));
        assert!(nfa.accepts(word("39")));
        assert!(!nfa.accepts(word("1246")));
        let cases = [
            ("(12|24).*", &["12", "249"][..], &["21", "1"][..]),
            ("1{2,3}", &["11", "111"], &["1", "1111"]),
            ("1{2,}2?", &["11", "1112"], &["12", "122"]),
            ("[^1-3]+", &["45", "9"], &["", "14"]),
            ("(|1)2", &["2", "12"], &["112"]),
            ("a", &["a"], &["1"]),
        ];
        for (pattern, yes, no) in cases {
            let nfa = nfa_of_regex(pattern, 12, 1).expect(pattern);
            for w in yes {
                assert!(nfa.accepts(word(w)), "{pattern} {w}");
            }
            for w in no {
                assert!(!nfa.accepts(word(w)), "{pattern} {w}");
            }
        }
        // Digits from 0: 0 is the grid's first digit.
        let zero = nfa_of_regex("0+8", 9, 0).expect("digits from 0");
        assert!(zero.accepts([1, 1, 9]));
    }

    #[test]
    fn bad_expressions_say_what_is_wrong() {
        let why = |p: &str| nfa_of_regex(p, 9, 1).unwrap_err();
        assert!(why("0").contains("not a digit from 1 to 9"));
        assert!(why("(12").contains("not closed"));
        assert!(why("12)").contains("nothing more"));
        assert!(why("*1").contains("where a digit was expected"));
        assert!(why("1{3,2}").contains("fewer"));
        assert!(why("[]").contains("empty class"));
        assert!(why("1{99999}").contains("states"));
    }
}
