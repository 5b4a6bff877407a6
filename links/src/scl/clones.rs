//! Clones, read back from their shading. SudokuPad draws every cell of a clone, original
//! or copy, as the same grey square: a cell in two clones is shaded twice, and which area
//! clones which is not drawn. So the shading is read as pieces, each a connected set of
//! cells shaded once, in groups of two or more pieces of one shape (moved, not turned), the
//! pieces of a group clones of each other cell for cell in reading order.
//!
//! A shading splits into pieces and groups in many ways; the drawing shows the fewest
//! pieces (two grey dominoes are one domino cloned, not two single cells cloned crosswise).
//! A reading that makes two cells of one house equal, or two different givens, is
//! impossible on its face and never stands (issue 50: r1c2-r1c3 and r1c3-r1c4 cloned
//! elsewhere shade r1c2-r1c4 with r1c3 twice, which also reads, at as few pieces, as
//! r1c2-r1c3 cloned onto r1c3-r1c4 in one row). Of the readings left at the fewest pieces,
//! those that make the same cells equal are one; if one is left it is read, if several,
//! `check::settle` keeps one only where all give the same verdict, else the shading is
//! drawn and called ambiguous.

use super::*;
use sudoku_engine::Puzzle;

/// The steps (sets of cells and ways of grouping tried) the search for readings may take,
/// so that a shading that splits in very many ways is called ambiguous in a few
/// milliseconds rather than searched for long on the page's thread.
const READING_STEPS: usize = 200_000;

/// How many pieces beyond the fewest any shading needs (its most shaded cell's count per
/// area) the search goes to: past that a reading is far from what the drawing shows.
const EXTRA_PIECES: usize = 6;

/// A piece: its cells in reading order.
type Piece = Vec<usize>;

/// A reading: groups of pieces.
type PieceReading = Vec<Vec<Piece>>;

/// An area's ways of splitting into pieces, by how many pieces beyond its fewest, each
/// found when first asked for.
type Splits = Vec<Option<Vec<Vec<Piece>>>>;

/// What the search finds in a shading.
enum ShadingFound {
    /// The readings no house rules out, at the fewest pieces such a reading has, one for
    /// each way of making cells equal.
    Readings(Vec<PieceReading>),
    /// No way of reading it keeps the cells of each house apart and the givens.
    Impossible,
    /// More ways than `READING_STEPS` lets the search try.
    TooMany,
}

/// Reads the grey squares (`cells`: each underlay's index and cell) as clones, or draws
/// them, saying why. `out` is the document so far, whose houses and givens rule readings out.
pub(super) fn clones(reader: &mut Reader, cells: Vec<(usize, usize)>, out: &Map<String, Value>) {
    let n = reader.n;
    if cells.is_empty() {
        return;
    }
    let mut times = vec![0u8; n * n];
    for &(i, c) in &cells {
        times[c] = times[c].saturating_add(1);
        reader.take("underlays", i);
    }
    let shaded: Vec<usize> = (0..n * n).filter(|&c| times[c] > 0).collect();
    let mut drawn = Drawn {
        kind: "underlay".into(),
        cells: shaded.clone(),
        description: format!("grey clone shading{}", cells::place(&shaded, n)),
        ambiguous: false,
    };
    // Houses and givens from the document so far; a document that does not build fails
    // later with its own message, and rules nothing out here.
    let puzzle = import::build(out, Vec::new()).ok().map(|i| i.puzzle);
    let mut search = PieceSearch {
        n,
        times,
        shaded,
        steps: 0,
        puzzle: puzzle.as_ref(),
    };
    let entry = |reader: &Reader, original: &[usize], copy: &[usize]| {
        entry_of([
            ("cells", Value::from(reader.names(original))),
            ("cloneCells", Value::from(reader.names(copy))),
        ])
    };
    let entries = |reader: &Reader, reading: &PieceReading| -> Vec<(&'static str, Value)> {
        reading
            .iter()
            .flat_map(|group| {
                group[1..]
                    .iter()
                    .map(|copy| ("clone", entry(reader, &group[0], copy)))
            })
            .collect()
    };
    match search.readings() {
        ShadingFound::Readings(readings) if readings.len() == 1 => {
            for (key, value) in entries(reader, &readings[0]) {
                reader.add(key, value, vec![drawn.clone()]);
            }
        }
        ShadingFound::Readings(readings) => {
            let readings = readings.iter().map(|r| entries(reader, r)).collect();
            reader.choices.push(Choice {
                readings,
                from: vec![drawn],
            });
        }
        ShadingFound::Impossible => {
            drawn.ambiguous = true;
            drawn.description += " (ambiguous: every way it pairs into clones makes two cells \
                                  of one house, or two different givens, equal)";
            reader.drawn.push(drawn);
        }
        ShadingFound::TooMany => {
            drawn.ambiguous = true;
            drawn.description += " (ambiguous: it pairs into clones too many ways to tell)";
            reader.drawn.push(drawn);
        }
    }
}

struct PieceSearch<'a> {
    n: usize,
    /// How many times each cell is shaded.
    times: Vec<u8>,
    shaded: Vec<usize>,
    steps: usize,
    puzzle: Option<&'a Puzzle>,
}

/// The search ran out of steps.
struct OutOfSteps;

impl PieceSearch<'_> {
    fn step(&mut self) -> Result<(), OutOfSteps> {
        self.steps += 1;
        if self.steps > READING_STEPS {
            return Err(OutOfSteps);
        }
        Ok(())
    }

    fn readings(&mut self) -> ShadingFound {
        let areas = self.areas();
        let fewest: Vec<usize> = areas
            .iter()
            .map(|a| {
                a.iter()
                    .map(|&c| usize::from(self.times[c]))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut splits: Vec<Splits> = vec![vec![None; EXTRA_PIECES + 1]; areas.len()];
        for extra in 0..=EXTRA_PIECES {
            let mut found: Vec<(Vec<usize>, PieceReading)> = Vec::new();
            let mut more = vec![0; areas.len()];
            let result = self.spread(
                &areas,
                &fewest,
                &mut splits,
                &mut more,
                0,
                extra,
                &mut found,
            );
            if result.is_err() {
                return ShadingFound::TooMany;
            }
            if !found.is_empty() {
                return ShadingFound::Readings(found.into_iter().map(|f| f.1).collect());
            }
        }
        ShadingFound::Impossible
    }

    /// The shaded cells in orthogonally connected areas, each in reading order.
    fn areas(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.times.len()];
        let mut areas = Vec::new();
        for &start in &self.shaded {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut area = vec![start];
            let mut k = 0;
            while k < area.len() {
                for next in cells::neighbours(area[k], self.n) {
                    if self.times[next] > 0 && !seen[next] {
                        seen[next] = true;
                        area.push(next);
                    }
                }
                k += 1;
            }
            area.sort_unstable();
            areas.push(area);
        }
        areas
    }

    /// Every way of giving `extra` more pieces than the fewest to the areas from `from`
    /// on, and the readings of each.
    #[allow(clippy::too_many_arguments)]
    fn spread(
        &mut self,
        areas: &[Vec<usize>],
        fewest: &[usize],
        splits: &mut [Splits],
        more: &mut [usize],
        from: usize,
        extra: usize,
        found: &mut Vec<(Vec<usize>, PieceReading)>,
    ) -> Result<(), OutOfSteps> {
        if from == areas.len() {
            if extra > 0 {
                return Ok(());
            }
            for (a, area) in areas.iter().enumerate() {
                if splits[a][more[a]].is_none() {
                    let mut left = self.times.clone();
                    let mut out = Vec::new();
                    self.split(
                        &mut left,
                        area,
                        fewest[a] + more[a],
                        &mut Vec::new(),
                        &mut out,
                    )?;
                    splits[a][more[a]] = Some(out);
                }
            }
            let choices: Vec<&Vec<Vec<Piece>>> = (0..areas.len())
                .map(|a| splits[a][more[a]].as_ref().expect("split above"))
                .collect();
            return self.combine(&choices, 0, &mut Vec::new(), found);
        }
        for k in 0..=extra {
            more[from] = k;
            self.spread(areas, fewest, splits, more, from + 1, extra - k, found)?;
        }
        more[from] = 0;
        Ok(())
    }

    /// Each way of taking one split per area, grouped.
    fn combine(
        &mut self,
        choices: &[&Vec<Vec<Piece>>],
        from: usize,
        pieces: &mut Vec<Piece>,
        found: &mut Vec<(Vec<usize>, PieceReading)>,
    ) -> Result<(), OutOfSteps> {
        if from == choices.len() {
            return self.group(pieces, found);
        }
        for split in choices[from] {
            self.step()?;
            let len = pieces.len();
            pieces.extend(split.iter().cloned());
            self.combine(choices, from + 1, pieces, found)?;
            pieces.truncate(len);
        }
        Ok(())
    }

    /// The ways `area`, with `left` shading still to cover, is `k` connected pieces, each
    /// with room for a copy of its shape elsewhere in the shading.
    fn split(
        &mut self,
        left: &mut [u8],
        area: &[usize],
        k: usize,
        pieces: &mut Vec<Piece>,
        out: &mut Vec<Vec<Piece>>,
    ) -> Result<(), OutOfSteps> {
        self.step()?;
        let rest: Vec<usize> = area.iter().copied().filter(|&c| left[c] > 0).collect();
        let Some(&first) = rest.first() else {
            if k == 0 {
                let mut way = pieces.clone();
                cells::sort_few_by(&mut way, |a, b| a < b);
                if !out.contains(&way) {
                    out.push(way);
                }
            }
            return Ok(());
        };
        if k == 0 || rest.iter().any(|&c| usize::from(left[c]) > k) {
            return Ok(());
        }
        let candidates = if k == 1 {
            vec![rest]
        } else {
            self.connected_sets(first, left)?
        };
        for piece in candidates {
            if !self.connected(&piece) || !self.has_copy(&piece) {
                continue;
            }
            for &c in &piece {
                left[c] -= 1;
            }
            pieces.push(piece);
            let result = self.split(left, area, k - 1, pieces, out);
            let piece = pieces.pop().expect("pushed");
            for &c in &piece {
                left[c] += 1;
            }
            result?;
        }
        Ok(())
    }

    /// The connected sets of cells with shading left that hold `first`, each once
    /// (Redelmeier's enumeration), in reading order.
    fn connected_sets(&mut self, first: usize, left: &[u8]) -> Result<Vec<Piece>, OutOfSteps> {
        let n = self.n;
        let open = |c: usize| left[c] > 0;
        let mut seen = vec![false; left.len()];
        seen[first] = true;
        let mut frontier = Vec::new();
        for c in cells::neighbours(first, n) {
            if open(c) {
                seen[c] = true;
                frontier.push(c);
            }
        }
        let mut out = Vec::new();
        let mut set = vec![first];
        self.grow(&mut set, frontier, &mut seen, &open, &mut out)?;
        Ok(out)
    }

    fn grow(
        &mut self,
        set: &mut Vec<usize>,
        mut frontier: Vec<usize>,
        seen: &mut [bool],
        open: &dyn Fn(usize) -> bool,
        out: &mut Vec<Piece>,
    ) -> Result<(), OutOfSteps> {
        self.step()?;
        let mut sorted = set.clone();
        sorted.sort_unstable();
        out.push(sorted);
        while let Some(next) = frontier.pop() {
            let mut added = Vec::new();
            for c in cells::neighbours(next, self.n) {
                if open(c) && !seen[c] {
                    seen[c] = true;
                    added.push(c);
                }
            }
            let mut wider = frontier.clone();
            wider.extend(&added);
            set.push(next);
            self.grow(set, wider, seen, open, out)?;
            set.pop();
            for c in added {
                seen[c] = false;
            }
        }
        Ok(())
    }

    fn connected(&self, piece: &[usize]) -> bool {
        let mut reached = vec![piece[0]];
        let mut k = 0;
        while k < reached.len() {
            for c in cells::neighbours(reached[k], self.n) {
                if piece.contains(&c) && !reached.contains(&c) {
                    reached.push(c);
                }
            }
            k += 1;
        }
        reached.len() == piece.len()
    }

    /// Whether the shading holds the piece's shape somewhere else too.
    fn has_copy(&self, piece: &[usize]) -> bool {
        self.shaded.iter().filter(|&&c| c != piece[0]).any(|&c| {
            self.moved(piece, c)
                .is_some_and(|m| m.iter().all(|&x| self.times[x] > 0))
        })
    }

    /// The piece moved so that its first cell is `to`, if it stays on the grid.
    fn moved(&self, piece: &[usize], to: usize) -> Option<Vec<usize>> {
        let n = self.n as i64;
        let (dr, dc) = (
            (to / self.n) as i64 - (piece[0] / self.n) as i64,
            (to % self.n) as i64 - (piece[0] % self.n) as i64,
        );
        piece
            .iter()
            .map(|&c| {
                let (r, col) = ((c / self.n) as i64 + dr, (c % self.n) as i64 + dc);
                (r >= 0 && col >= 0 && r < n && col < n).then(|| (r * n + col) as usize)
            })
            .collect()
    }

    /// Each way of grouping the pieces: pieces of one shape in groups of two or more, no
    /// piece twice in a group; those no house rules out are kept, one per way of making
    /// cells equal.
    fn group(
        &mut self,
        pieces: &[Piece],
        found: &mut Vec<(Vec<usize>, PieceReading)>,
    ) -> Result<(), OutOfSteps> {
        let n = self.n as i64;
        let shapes: Vec<Vec<(i64, i64)>> = pieces
            .iter()
            .map(|p| {
                let at = |c: usize| (c as i64 / n, c as i64 % n);
                p.iter()
                    .map(|&c| (at(c).0 - at(p[0]).0, at(c).1 - at(p[0]).1))
                    .collect()
            })
            .collect();
        let mut block: Vec<usize> = vec![usize::MAX; pieces.len()];
        self.partition(pieces, &shapes, &mut block, 0, 0, found)
    }

    /// Restricted growth: piece `i` joins a group of earlier pieces of its shape, or opens
    /// the next one (`groups` so far).
    #[allow(clippy::too_many_arguments)]
    fn partition(
        &mut self,
        pieces: &[Piece],
        shapes: &[Vec<(i64, i64)>],
        block: &mut Vec<usize>,
        i: usize,
        groups: usize,
        found: &mut Vec<(Vec<usize>, PieceReading)>,
    ) -> Result<(), OutOfSteps> {
        self.step()?;
        if i == pieces.len() {
            let reading: PieceReading = (0..groups)
                .map(|g| {
                    (0..pieces.len())
                        .filter(|&p| block[p] == g)
                        .map(|p| pieces[p].clone())
                        .collect::<Vec<_>>()
                })
                .collect();
            if reading.iter().any(|g| g.len() < 2) {
                return Ok(());
            }
            if let Some(key) = self.equal_cells(&reading) {
                if !found.iter().any(|f| f.0 == key) {
                    found.push((key, reading));
                }
            }
            return Ok(());
        }
        // A group can still reach two pieces only if enough pieces are left.
        let short = (0..groups)
            .filter(|&g| block.iter().filter(|&&b| b == g).count() < 2)
            .count();
        if short > pieces.len() - i {
            return Ok(());
        }
        for g in 0..groups {
            let member = (0..i)
                .find(|&p| block[p] == g)
                .expect("a group has a piece");
            let fits = shapes[member] == shapes[i]
                && (0..i).all(|p| block[p] != g || pieces[p] != pieces[i]);
            if fits {
                block[i] = g;
                self.partition(pieces, shapes, block, i + 1, groups, found)?;
            }
        }
        block[i] = groups;
        self.partition(pieces, shapes, block, i + 1, groups + 1, found)?;
        block[i] = usize::MAX;
        Ok(())
    }

    /// Which cells a reading makes equal (each shaded cell's lowest equal cell), or `None`
    /// if that puts two cells of one house, or two different givens, equal.
    fn equal_cells(&self, reading: &PieceReading) -> Option<Vec<usize>> {
        let mut same: Vec<usize> = (0..self.times.len()).collect();
        fn root(same: &mut [usize], mut x: usize) -> usize {
            while same[x] != x {
                same[x] = same[same[x]];
                x = same[x];
            }
            x
        }
        for group in reading {
            for copy in &group[1..] {
                for (&a, &b) in group[0].iter().zip(copy) {
                    let (a, b) = (root(&mut same, a), root(&mut same, b));
                    same[a.max(b)] = a.min(b);
                }
            }
        }
        let lowest: Vec<usize> = (0..same.len()).map(|c| root(&mut same, c)).collect();
        if let Some(puzzle) = self.puzzle {
            let houses = puzzle.houses();
            for h in 0..houses.len() {
                let mut classes: Vec<usize> = houses.cells(h).iter().map(|&c| lowest[c]).collect();
                classes.sort_unstable();
                if classes.windows(2).any(|w| w[0] == w[1]) {
                    return None;
                }
            }
            let givens = puzzle.givens();
            let mut given = vec![0u8; same.len()];
            for &c in &self.shaded {
                let (class, digit) = (lowest[c], givens.get(c));
                if digit != 0 {
                    if given[class] != 0 && given[class] != digit {
                        return None;
                    }
                    given[class] = digit;
                }
            }
        }
        Some(self.shaded.iter().map(|&c| lowest[c]).collect())
    }
}
