//! SudokuPad's PuzzleZipper text: JSON with unquoted keys, single-quoted strings, `t`/`f`
//! for booleans, colours without `#` or quotes, `#0`/`#F` for black and white, empty array
//! elements for `{}`, and short keys ("ce" for cells). Read with a small parser rather than
//! SudokuPad's regular expressions, so that string contents are never rewritten.

use serde_json::{Map, Value};

/// The short keys and the long ones they stand for.
const LONG_KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// How deep arrays and objects may nest (real puzzles use five levels).
const MOST_DEPTH: usize = 64;

/// Unzips PuzzleZipper text (or reads plain JSON) into JSON with the long keys.
pub(crate) fn unzip(text: &str) -> Result<Value, String> {
    let mut parser = Parser {
        text: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    parser.space();
    let value = parser.value(false)?;
    parser.space();
    if parser.at != parser.text.len() {
        return Err(parser.error("text after the puzzle"));
    }
    Ok(value)
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> String {
        format!("{what} at character {}", self.at + 1)
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        self.space();
        if self.peek() == Some(b) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// A value; `member` when it follows a key (where bare colours and `t`/`f` occur).
    fn value(&mut self, member: bool) -> Result<Value, String> {
        self.space();
        match self.peek() {
            Some(b'{') => self.nested(Parser::object),
            Some(b'[') => self.nested(Parser::array),
            Some(q @ (b'\'' | b'"')) => self.string(q).map(Value::String),
            Some(_) => self.bare(member),
            None => Err(self.error("the text ends early")),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Result<Value, String>) -> Result<Value, String> {
        self.depth += 1;
        if self.depth > MOST_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        let value = read(self);
        self.depth -= 1;
        value
    }

    fn object(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut map = Map::new();
        if self.eat(b'}') {
            return Ok(Value::Object(map));
        }
        loop {
            self.space();
            let key = match self.peek() {
                Some(q @ (b'\'' | b'"')) => self.string(q)?,
                _ => self.word(),
            };
            if key.is_empty() {
                return Err(self.error("a key is missing"));
            }
            if !self.eat(b':') {
                return Err(self.error("':' is missing"));
            }
            let value = self.value(true)?;
            let key = LONG_KEYS
                .iter()
                .find(|(short, _)| *short == key)
                .map_or(key.clone(), |(_, long)| long.to_string());
            map.insert(key, value);
            if self.eat(b',') {
                continue;
            }
            if self.eat(b'}') {
                return Ok(Value::Object(map));
            }
            return Err(self.error("',' or '}' is missing"));
        }
    }

    fn array(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut list = Vec::new();
        if self.eat(b']') {
            return Ok(Value::Array(list));
        }
        loop {
            self.space();
            // An empty element stands for `{}`.
            if matches!(self.peek(), Some(b',' | b']')) {
                list.push(Value::Object(Map::new()));
            } else {
                list.push(self.value(false)?);
            }
            if self.eat(b',') {
                continue;
            }
            if self.eat(b']') {
                return Ok(Value::Array(list));
            }
            return Err(self.error("',' or ']' is missing"));
        }
    }

    /// A quoted string: JSON's escapes, and `\'` for a quote.
    fn string(&mut self, quote: u8) -> Result<String, String> {
        self.at += 1;
        let mut out: Vec<u16> = Vec::new();
        let mut raw = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error("a string is not closed"));
            };
            self.at += 1;
            if b == quote {
                break;
            }
            if b != b'\\' {
                raw.push(b);
                continue;
            }
            flush(&mut raw, &mut out)?;
            let Some(e) = self.peek() else {
                return Err(self.error("a string is not closed"));
            };
            self.at += 1;
            match e {
                b'n' => out.push(b'\n' as u16),
                b't' => out.push(b'\t' as u16),
                b'r' => out.push(b'\r' as u16),
                b'b' => out.push(8),
                b'f' => out.push(12),
                b'u' => {
                    let hex = self
                        .text
                        .get(self.at..self.at + 4)
                        .ok_or_else(|| self.error("a \\u escape is cut short"))?;
                    let hex =
                        std::str::from_utf8(hex).map_err(|_| self.error("a bad \\u escape"))?;
                    let unit =
                        u16::from_str_radix(hex, 16).map_err(|_| self.error("a bad \\u escape"))?;
                    out.push(unit);
                    self.at += 4;
                }
                other => out.push(other as u16),
            }
        }
        flush(&mut raw, &mut out)?;
        Ok(String::from_utf16_lossy(&out))
    }

    /// A run of characters up to a delimiter.
    fn word(&mut self) -> String {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|b| !b",:{}[]'\"".contains(&b) && !b.is_ascii_whitespace())
        {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.text[start..self.at]).into_owned()
    }

    /// A number, a boolean, `null`, or a colour.
    fn bare(&mut self, member: bool) -> Result<Value, String> {
        let word = self.word();
        let hex6 = word.len() == 6 && word.bytes().all(|b| b.is_ascii_hexdigit());
        Ok(match word.as_str() {
            "" => return Err(self.error("a value is missing")),
            "#0" if member => Value::String("#000000".into()),
            "#F" if member => Value::String("#FFFFFF".into()),
            "t" if member => Value::Bool(true),
            "f" if member => Value::Bool(false),
            _ if member && hex6 => Value::String(format!("#{word}")),
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" => Value::Null,
            // Read as a `Value`, whose reader the links have anyway: `Number`'s own puts
            // serde_json's error for a value of the wrong type into the page's module.
            _ => match serde_json::from_str::<Value>(&word) {
                Ok(number @ Value::Number(_)) => number,
                _ => {
                    return Err(self.error(&format!(
                        "\"{}\" is not a value",
                        crate::cells::shorten(&word)
                    )))
                }
            },
        })
    }
}

/// Moves UTF-8 bytes read so far into the UTF-16 output.
fn flush(raw: &mut Vec<u8>, out: &mut Vec<u16>) -> Result<(), String> {
    let text = String::from_utf8_lossy(raw);
    out.extend(text.encode_utf16());
    raw.clear();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zipped_text_reads_as_json() {
        let v =
            unzip("{id:'a\\'b',ce:[[,{v:5}],[,,]],c1:CFCFCF,c2:#0,r:t,x:f,n:-0.5,te:'X'}").unwrap();
        assert_eq!(v["id"], "a'b");
        assert_eq!(v["cells"][0][1]["value"], 5);
        assert_eq!(v["cells"][0][0], serde_json::json!({}));
        assert_eq!(v["cells"][1].as_array().unwrap().len(), 3);
        assert_eq!(v["borderColor"], "#CFCFCF");
        assert_eq!(v["backgroundColor"], "#000000");
        assert_eq!(
            (&v["rounded"], &v["x"]),
            (&Value::Bool(true), &Value::Bool(false))
        );
        assert_eq!(v["text"], "X");
        assert_eq!(unzip("{\"z\":[1,2]}").unwrap()["z"][1], 2);
        assert_eq!(
            unzip("[1e3,-7,2.5]").unwrap(),
            serde_json::json!([1e3, -7, 2.5])
        );
        for bad in ["[01]", "[nan]", "[1.]", "[tru]"] {
            assert!(unzip(bad).unwrap_err().contains("is not a value"), "{bad}");
        }
        assert!(unzip("{a:").is_err());
        assert!(unzip(&"[".repeat(100)).is_err());
    }
}
