//! Human-style deduction: the techniques a person uses, generic over houses and edges.
//!
//! A [`Board`] holds each cell's candidates; placing a symbol removes it from the
//! cell's neighbours (every edge of the graph, not only houses). [`Logic`] finds
//! the easiest deduction available ([`Technique`] order), one technique per file:
//! `singles` (naked and hidden), `rules` (one rule on values alone: a killer
//! cage, a thermometer, …), `locked` (locked candidates), `subsets` (naked
//! and hidden pairs and triples). When none applies it guesses, taking the value
//! of a known solution, so a [`Path`] always ends at that solution. [`Grade`]
//! turns a path into a difficulty [`Level`].

mod fish;
mod grade;
mod house;
mod innies;
mod links;
mod locked;
mod rate;
mod rules;
mod se;
mod singles;
mod subsets;
mod text;
mod wings;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::colours::Colours;
use crate::solver::rules::RuleSet;
pub use grade::{Grade, Level, Se};
pub use rate::Stepper;

use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};

/// How long one step's chains through rules may search (the forcing chains
/// of [`Logic::next_step`] and of [`Logic::rate_step`], on a puzzle with
/// rules): past it a producer gives the best step it found by then, or none.
/// The page's Hint answers within it.
pub const STEP_BUDGET: Duration = Duration::from_secs(3);

/// How long a path of a puzzle with rules ([`Logic::path`],
/// [`Logic::rated_path`]) may spend in chains through rules, all steps
/// together, by default ([`Logic::with_path_budget`]): past it the path
/// guesses where only such chains would go on. `grade` on a rule puzzle
/// stays within seconds.
pub const PATH_BUDGET: Duration = Duration::from_secs(8);

/// How long `grade` aims to take on a puzzle with rules, all in: the
/// search's check that it has one solution, then the rated path, whose
/// chains through rules get what the check left (at most [`PATH_BUDGET`],
/// see [`Logic::shown_path`]). A chain that was started before
/// the deadline runs on past it for a moment, so this is a second under the
/// 10 s that `grade` should never take.
pub const GRADE_BUDGET: Duration = Duration::from_secs(9);

/// A deduction technique, easiest first (in the order of their Sudoku
/// Explainer base ratings, see [`Technique::se`]): [`Logic`] always applies
/// the easiest that finds something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// A cell with one candidate left takes it.
    NakedSingle,
    /// In a house holding every symbol, a symbol with one possible cell goes there.
    HiddenSingle,
    /// One rule on values (a killer cage, a thermometer, a dot, …), alone,
    /// removes candidates of its cells.
    Rule,
    /// A symbol confined, within one full house, to its intersection with a
    /// second house leaves the rest of the second house.
    LockedCandidates,
    /// A symbol a rule must place among its cells (every way of satisfying
    /// it does) leaves every cell that sees all of its places there.
    RulePointing,
    /// Innies and outies: full houses sum to the sum of their symbols'
    /// values, the cages inside them to their totals, so the cells left
    /// over (less those sticking out) sum to the difference, a sum applied
    /// as a cage's.
    InniesOuties,
    /// Two cells of a house with the same two candidates: those symbols leave the
    /// rest of the house.
    NakedPair,
    /// A rule whose cells lie in a full house, against the rest of the
    /// house: the rest holds exactly the symbols the rule's cells leave, so
    /// a way of the rule that leaves the rest a symbol it cannot hold goes.
    RuleHouse,
    /// A fish of size 2: a symbol's places in two disjoint houses lie in two
    /// other houses, so it leaves the rest of those.
    XWing,
    /// Two symbols with the same two possible cells in a full house: those cells
    /// lose every other candidate.
    HiddenPair,
    /// Three cells of a house whose candidates are three symbols between them.
    NakedTriple,
    /// A fish of size 3.
    Swordfish,
    /// Three symbols of a full house confined to three cells.
    HiddenTriple,
    /// Two strong links on one symbol (a symbol's only two places in a
    /// house, or two groups of places), joined by a weak one: one of the far
    /// ends holds the symbol, so it leaves the cells seeing both (skyscraper,
    /// two-string kite, turbot fish, empty rectangle; with groups, a finned or
    /// sashimi X-wing).
    TurbotFish,
    /// A two-candidate pivot {x, y} seeing pincers {x, z} and {y, z}: one
    /// pincer is z, so z leaves the cells seeing both.
    XyWing,
    /// A three-candidate pivot {x, y, z} seeing pincers {x, z} and {y, z}:
    /// z leaves the cells seeing all three.
    XyzWing,
    /// Cells that would hold two symbols in two ways (a deadly pattern: a
    /// rectangle, or a longer loop) in a puzzle known to have one solution:
    /// what keeps one of them is true.
    UniqueRectangle,
    /// Four cells of a house whose candidates are four symbols between them.
    NakedQuad,
    /// A fish of size 4.
    Jellyfish,
    /// Four symbols of a full house confined to four cells.
    HiddenQuad,
    /// Three or four strong links on one symbol joined by weak ones (a
    /// longer turbot fish: a finned or sashimi swordfish or jellyfish).
    StrongLinks,
    /// An almost locked set (cells seeing each other, one symbol more than
    /// cells) and a bivalue cell linked to it by one symbol: the other leaves
    /// the cells seeing both (the WXYZ- to TUVWXYZ-wings).
    AlsXz,
    /// Bivalue universal grave: all cells but one would have two
    /// candidates, a deadly pattern in a puzzle known to have one solution;
    /// the extra candidate is true.
    Bug,
    /// Two cells seeing each other: each pair of their candidates that
    /// survives leaves a candidate out.
    AlignedPairExclusion,
    /// A chain of links on one symbol (simple colouring): an X-cycle (every
    /// weak link of it is strong too) or an X-chain from a candidate to its
    /// opposite.
    XChain,
    /// A chain of links through cells and houses (an alternating inference
    /// chain): a Y- or XY-cycle, or an XY-chain from a candidate to its opposite.
    XyChain,
    /// Three cells seeing each other pairwise, each combination of their
    /// candidates that survives leaves a candidate out.
    AlignedTripletExclusion,
    /// Assuming a candidate true, singles on its symbol lead to a
    /// contradiction.
    Nishio,
    /// Every candidate of a cell (or every place of a symbol in a house),
    /// followed along the board's links, leads to the same conclusion.
    ForcingChain,
    /// Assuming a candidate true (or false), singles lead to a
    /// contradiction; or the assumption and its opposite, or every candidate
    /// of a cell, or every place of a symbol in a house, lead to the same
    /// conclusion (double, cell and region forcing chains).
    DynamicForcingChain,
    /// As [`Technique::DynamicForcingChain`], the consequences followed
    /// with locked candidates, pairs and X-wings too.
    DynamicForcingChainPlus,
    /// Forcing chains whose consequences are themselves found by forcing
    /// chains (the nesting depth is in the step's rating).
    NestedForcingChain,
    /// Logic has run out: a cell is set to the value of a known solution.
    Guess,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 33] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Rule,
        Technique::LockedCandidates,
        Technique::RulePointing,
        Technique::InniesOuties,
        Technique::NakedPair,
        Technique::RuleHouse,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::StrongLinks,
        Technique::AlsXz,
        Technique::Bug,
        Technique::AlignedPairExclusion,
        Technique::XChain,
        Technique::XyChain,
        Technique::AlignedTripletExclusion,
        Technique::Nishio,
        Technique::ForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
        Technique::Guess,
    ];

    /// The name used in messages: `hidden single`, `naked pair`, …
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Rule => "rule",
            Technique::LockedCandidates => "locked candidates",
            Technique::RulePointing => "rule pointing",
            Technique::InniesOuties => "innies and outies",
            Technique::NakedPair => "naked pair",
            Technique::RuleHouse => "rule and house",
            Technique::XWing => "X-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::TurbotFish => "turbot fish",
            Technique::XyWing => "XY-wing",
            Technique::XyzWing => "XYZ-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::StrongLinks => "strong links",
            Technique::AlsXz => "ALS-XZ",
            Technique::Bug => "BUG",
            Technique::AlignedPairExclusion => "aligned pair exclusion",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::AlignedTripletExclusion => "aligned triple exclusion",
            Technique::Nishio => "Nishio forcing chain",
            Technique::ForcingChain => "forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
            Technique::DynamicForcingChainPlus => "dynamic forcing chain (+)",
            Technique::NestedForcingChain => "nested forcing chain",
            Technique::Guess => "guess",
        }
    }

    /// The technique's base rating on the Sudoku Explainer 1.2.1 scale, in
    /// tenths (`23` is 2.3), as SukakuExplainer's `serate` gives it; a step's
    /// own rating ([`Step::se`]) adds to it for a chain's length, and is
    /// lower for a hidden single in a box (1.2) and for locked candidates or
    /// hidden subsets that lead straight to a hidden single (1.7–2.5).
    ///
    /// Rule steps are not on Sudoku Explainer's scale (it has no rules on
    /// values): each family rates as the classic technique whose pattern it
    /// repeats with a rule in it, a rule alone as a naked single (2.3), rule
    /// pointing as pointing (2.6), innies and outies as claiming (2.8), a rule
    /// against its house as a naked pair (3.0); the reasons are in
    /// `docs/rule-logic.md`. A guess rates 0: a path with a guess has no
    /// rating.
    pub fn se(self) -> u16 {
        match self {
            Technique::HiddenSingle => 15,
            Technique::NakedSingle | Technique::Rule => 23,
            Technique::LockedCandidates | Technique::RulePointing => 26,
            Technique::InniesOuties => 28,
            Technique::NakedPair | Technique::RuleHouse => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::TurbotFish => 40,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueRectangle => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::StrongLinks => 54,
            Technique::AlsXz => 55,
            Technique::Bug => 56,
            Technique::AlignedPairExclusion => 62,
            Technique::XChain => 65,
            Technique::XyChain => 65,
            Technique::AlignedTripletExclusion => 75,
            Technique::Nishio => 75,
            Technique::ForcingChain => 80,
            Technique::DynamicForcingChain => 85,
            Technique::DynamicForcingChainPlus => 90,
            Technique::NestedForcingChain => 95,
            Technique::Guess => 0,
        }
    }
}

/// One step of a solution path: what it concludes, and the pattern that justifies it.
///
/// Cells are cell indices, colours symbol indices, houses indices into
/// [`ConstraintGraph::houses`]. What `cells`, `houses` and `colours` hold depends on
/// the technique:
///
/// | technique | `cells` | `houses` | `colours` |
/// |---|---|---|---|
/// | naked single | the cell | none | its one candidate |
/// | hidden single | the cell | the house | the symbol |
/// | locked candidates | the symbol's cells in the first house | the confining house, then the other | the symbol |
/// | naked pair / triple / quad | the subset's cells | the house | their candidates |
/// | hidden pair / triple / quad | the cells the symbols are confined to | the house | the symbols |
/// | fish (X-wing, swordfish, jellyfish) | the symbol's cells in the base houses | the base houses, then the cover houses | the symbol |
/// | XY-wing, XYZ-wing | the pivot, then the two pincers | none | the symbol removed |
/// | chains, forcing chains | the assumed cell | none | the assumed symbol |
/// | rule | the rule's cells (two for a pair of a grid-wide rule) | none | none |
/// | guess | the cell | none | its candidates before the guess |
///
/// A rule step names its rule in [`Step::rule`]; it places a cell when it
/// leaves one with a single candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The cell decided, with its colour (singles and guesses).
    pub placed: Option<(usize, u8)>,
    /// Candidates removed, as (cell, colour), in cell order.
    pub eliminated: Vec<(usize, u8)>,
    /// The cells of the pattern.
    pub cells: Vec<usize>,
    /// The houses of the pattern.
    pub houses: Vec<usize>,
    /// The symbols of the pattern.
    pub colours: Vec<u8>,
    /// The rule a [`Technique::Rule`] step applies.
    pub rule: Option<RuleUse>,
    /// The step's rating on the Sudoku Explainer scale, in tenths: the
    /// technique's base ([`Technique::se`]) with its modifiers (a box's hidden
    /// single, a direct hint, a chain's length).
    pub se: u16,
}

/// The rule a rule step applies, and why it removes what it removes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleUse {
    /// The rule, as an index into [`ConstraintGraph::rules`].
    pub index: usize,
    /// The rule, its cells and the reason in words, e.g. `thermometer
    /// r2c2→r3c4→r4c4, nothing larger can follow`.
    pub reason: String,
}

/// A placement or elimination that leaves some cell without a candidate: the
/// puzzle (or the guess that led here) is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contradiction {
    /// The cell left empty.
    pub cell: usize,
}

/// What is known about a puzzle partway through solving: the symbols placed and
/// every other cell's candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    candidates: Vec<Colours>,
    placed: Vec<Option<u8>>,
}

impl Board {
    /// The colours still possible in `cell` (just its value once placed), ascending.
    pub fn candidates(&self, cell: usize) -> Vec<u8> {
        self.candidates[cell].iter().collect()
    }

    /// The colour placed in `cell`, if any.
    pub fn value(&self, cell: usize) -> Option<u8> {
        self.placed[cell]
    }

    /// True when every cell is placed.
    pub fn is_solved(&self) -> bool {
        self.placed.iter().all(Option::is_some)
    }

    /// The board's placements as a puzzle.
    pub fn to_puzzle(&self) -> Puzzle {
        Puzzle::new(self.placed.clone())
    }
}

/// A solution path: every step from the givens to the solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// The deduction engine for one variant: the graph's houses, edges and rules
/// in the shapes the techniques need, computed once.
///
/// The cells a rule holds distinct (killer cages, renban lines) are
/// neighbours here, and odd/even cells start with the candidates of their
/// parity, so the singles use them; every other rule makes its own steps.
///
/// # Example
/// ```
/// use graphdoku::logic::{Grade, Level, Logic, Technique};
/// use graphdoku::{ConstraintGraph, PuzzleReader, Solver};
/// let graph = ConstraintGraph::load("sudoku9").unwrap();
/// let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
/// let puzzle = PuzzleReader::new(&graph, line.as_bytes(), "-").next().unwrap().puzzle.unwrap();
/// let solution = Solver::new(&graph).solve(&puzzle).unwrap();
/// let logic = Logic::new(&graph);
/// let path = logic.path(&puzzle, &solution).unwrap();
/// assert_eq!(path.steps.len(), 81 - 32); // one placement per empty cell
/// assert!(path.steps.iter().all(|s| s.technique <= Technique::HiddenSingle));
/// assert_eq!(Grade::of(&path).level, Level::Easy);
/// assert_eq!(logic.describe(&path.steps[0]), "r5c6 = 4: naked single, the only candidate left in r5c6");
/// ```
#[derive(Debug, Clone)]
pub struct Logic<'g> {
    graph: &'g ConstraintGraph,
    /// Neighbours of each cell (every edge, houses or not).
    neighbours: Vec<Vec<usize>>,
    /// Houses with one cell per symbol: every symbol must appear in them.
    full: Vec<bool>,
    /// (a, b, a ∩ b) for a full house `a`, another house `b`, at least two
    /// shared cells, and cells of `b` outside `a`.
    intersections: Vec<(usize, usize, Vec<usize>)>,
    /// Each cell's candidates before the givens: the variant's allowed
    /// symbols and the colours a rule allows outright (odd cells, pencil marks).
    first: Vec<Colours>,
    /// The rules' propagators, as the solver compiles them.
    rules: Arc<RuleSet>,
    /// The rules, and the sums the houses imply with them, as groups of
    /// cells: what the chains follow besides the houses.
    groups: Arc<links::Groups>,
    /// What the groups' narrowing gave, remembered across steps.
    memo: Arc<links::Memo>,
    /// Houses that are boxes or regions rather than lines (rows, columns,
    /// diagonals): Sudoku Explainer rates their hidden singles and locked
    /// candidates lower.
    box_like: Vec<bool>,
    /// Families of pairwise disjoint full houses of one kind (the rows, the
    /// columns, …) that fish are made of.
    families: Vec<fish::Family>,
    /// (base, cover) pairs of `families` whose houses meet in one cell at most.
    fish_pairs: Vec<(usize, usize)>,
    /// Sudoku Explainer's ladder over the same houses and edges.
    #[cfg(feature = "se")]
    se: graphdoku_se::Ladder,
    /// How long a path may spend in chains through rules ([`PATH_BUDGET`]
    /// unless [`Logic::with_path_budget`] says otherwise).
    path_budget: Duration,
}

impl<'g> Logic<'g> {
    /// Prepares `graph` for deduction.
    ///
    /// # Complexity
    /// Quadratic in the number of houses (for the intersections), linear in the edges.
    pub fn new(graph: &'g ConstraintGraph) -> Self {
        let k = graph.alphabet().len();
        let houses = graph.houses();
        let full: Vec<bool> = houses.iter().map(|h| h.cells.len() == k).collect();
        // Each cell's houses, so that a house meets only the houses it
        // shares cells with (testing every pair was cubic in the board's side).
        let houses_of = graph.houses_by_cell();
        let mut intersections = Vec::new();
        for (a, house) in houses.iter().enumerate().filter(|&(a, _)| full[a]) {
            let mut shared: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
            for &c in &house.cells {
                for &b in houses_of[c].iter().filter(|&&b| b != a) {
                    shared.entry(b).or_default().push(c);
                }
            }
            for (b, shared) in shared {
                if shared.len() >= 2 && houses[b].cells.len() > shared.len() {
                    intersections.push((a, b, shared));
                }
            }
        }
        let mut neighbours: Vec<Vec<usize>> = (0..graph.len())
            .map(|c| graph.neighbours(c).collect())
            .collect();
        let lowered = graph.lowered();
        let mut first: Vec<Colours> = (0..graph.len())
            .map(|c| match graph.allowed(c) {
                None => Colours::first(k),
                Some(list) => list.iter().copied().collect(),
            })
            .collect();
        for (cells, colours) in crate::rules::primitive::allowed(&lowered) {
            for &cell in cells {
                first[cell] = first[cell]
                    .iter()
                    .filter(|&c| colours >> c & 1 == 1)
                    .collect();
            }
        }
        for cells in crate::rules::primitive::distinct(&lowered) {
            for &a in cells {
                for &b in cells.iter().filter(|&&b| b != a) {
                    if !neighbours[a].contains(&b) {
                        neighbours[a].push(b);
                    }
                }
            }
        }
        let box_like = houses
            .iter()
            .map(|h| {
                !matches!(
                    h.kind,
                    crate::graph::HouseKind::Row
                        | crate::graph::HouseKind::Column
                        | crate::graph::HouseKind::Diagonal
                )
            })
            .collect();
        let (families, fish_pairs) = fish::families(graph, &full);
        let rules = Arc::new(RuleSet::as_written(graph));
        let differ = |a: usize, b: usize| neighbours[a].contains(&b);
        let groups = Arc::new(links::Groups::new(graph, &rules, &differ));
        let logic = Logic {
            graph,
            first,
            neighbours,
            full,
            intersections,
            rules,
            groups,
            memo: Arc::default(),
            path_budget: PATH_BUDGET,
            box_like,
            families,
            fish_pairs,
            #[cfg(feature = "se")]
            se: graphdoku_se::Ladder::default(),
        };
        #[cfg(feature = "se")]
        let logic = Logic {
            se: se::ladder(&logic),
            ..logic
        };
        logic
    }

    /// The graph this engine reasons about.
    pub fn graph(&self) -> &'g ConstraintGraph {
        self.graph
    }

    /// The board of `puzzle`: givens placed, their symbols removed from their neighbours.
    ///
    /// # Errors
    /// A [`Contradiction`] when the givens leave a cell without candidates (or
    /// break the variant's per-cell allowed symbols).
    ///
    /// # Panics
    /// When the puzzle does not have one entry per cell of the graph.
    pub fn start(&self, puzzle: &Puzzle) -> Result<Board, Contradiction> {
        assert_eq!(
            puzzle.givens().len(),
            self.graph.len(),
            "puzzle and graph differ in size"
        );
        if let Some(cell) = self.first.iter().position(|set| set.is_empty()) {
            return Err(Contradiction { cell });
        }
        let mut board = Board {
            candidates: self.first.clone(),
            placed: vec![None; self.graph.len()],
        };
        for (cell, given) in puzzle.givens().iter().enumerate() {
            if let Some(colour) = *given {
                self.place(&mut board, cell, colour)?;
            }
        }
        Ok(board)
    }

    /// Sets `cell` to `colour` and removes `colour` from its neighbours.
    fn place(&self, board: &mut Board, cell: usize, colour: u8) -> Result<(), Contradiction> {
        if !board.candidates[cell].contains(colour) {
            return Err(Contradiction { cell });
        }
        board.candidates[cell] = Colours::single(colour);
        board.placed[cell] = Some(colour);
        for &n in &self.neighbours[cell] {
            self.eliminate(board, n, colour)?;
        }
        Ok(())
    }

    fn eliminate(&self, board: &mut Board, cell: usize, colour: u8) -> Result<(), Contradiction> {
        board.candidates[cell].remove(colour);
        if board.candidates[cell].is_empty() {
            return Err(Contradiction { cell });
        }
        Ok(())
    }

    /// Applies a step's placement and eliminations to `board`.
    ///
    /// # Errors
    /// A [`Contradiction`] when the step empties a cell (a wrong guess, or a step
    /// from another board).
    pub fn apply(&self, board: &mut Board, step: &Step) -> Result<(), Contradiction> {
        for &(cell, colour) in &step.eliminated {
            self.eliminate(board, cell, colour)?;
        }
        if let Some((cell, colour)) = step.placed {
            self.place(board, cell, colour)?;
        }
        Ok(())
    }

    /// The easiest deduction available on `board`, or `None` when logic is stuck
    /// (or the board is solved). Never a guess.
    ///
    /// It stops short of forcing chains (they cost up to seconds a step, see
    /// [`Logic::rate_step`]): after them it guesses. With rules on values it
    /// ends with the forcing chains through the rules, for at most
    /// [`STEP_BUDGET`]: a rule puzzle's break-in is often one.
    ///
    /// # Complexity
    /// Each technique scans the cells or houses once; the subsets try every pair
    /// to quad of a house's open cells (or missing symbols); the fish every
    /// set of base houses; the chains follow each candidate's links once;
    /// each rule runs its propagators on its own cells to their fixed point.
    pub fn next_step(&self, board: &Board) -> Option<Step> {
        self.next_step_until(board, Instant::now() + STEP_BUDGET)
    }

    /// [`Logic::next_step`], its forcing chains through rules cut short at
    /// `deadline` (a step they found by then, the best of those, or none).
    fn next_step_until(&self, board: &Board, deadline: Instant) -> Option<Step> {
        singles::naked(board)
            .or_else(|| singles::hidden(self, board))
            .or_else(|| rules::find(self, board))
            .or_else(|| locked::find(self, board))
            .or_else(|| self.with_rules(board, &|b| house::pointing(self, board, b)))
            .or_else(|| self.with_rules(board, &|b| innies::find(self, board, b)))
            .or_else(|| subsets::naked(self, board, 2))
            .or_else(|| self.with_rules(board, &|b| house::find(self, board, b)))
            .or_else(|| subsets::hidden(self, board, 2))
            .or_else(|| subsets::naked(self, board, 3))
            .or_else(|| subsets::hidden(self, board, 3))
            // Fish, wings, quads and chains cost a power of the house size:
            // past 25 symbols (a 25×25) one step would take minutes, so the
            // big boards stop at triples, as `hint` must answer in seconds.
            .or_else(|| {
                (self.graph.alphabet().len() <= 25).then(|| self.harder_step(board, deadline))?
            })
    }

    /// What `family` finds with the rules' groups bound to `board`; `None`
    /// without rules.
    fn with_rules(
        &self,
        board: &Board,
        family: &dyn Fn(&links::Bound) -> Option<Step>,
    ) -> Option<Step> {
        if self.groups.is_empty() {
            return None;
        }
        family(&self.bound(board))
    }

    /// This engine with `budget` for a path's chains through rules instead
    /// of [`PATH_BUDGET`]: a shorter one for a quick look over many
    /// puzzles, a longer one to rate the hardest. No effect without rules.
    ///
    /// ```
    /// use std::time::Duration;
    /// use graphdoku::ConstraintGraph;
    /// use graphdoku::logic::Logic;
    /// let graph = ConstraintGraph::load("sudoku9").unwrap();
    /// let logic = Logic::new(&graph).with_path_budget(Duration::from_secs(1));
    /// assert_eq!(logic.path_budget(), Duration::from_secs(1));
    /// ```
    pub fn with_path_budget(self, budget: Duration) -> Self {
        Logic {
            path_budget: budget,
            ..self
        }
    }

    /// How long a path may spend in chains through rules.
    pub fn path_budget(&self) -> Duration {
        self.path_budget
    }

    /// The rules' groups bound to `board`.
    fn bound(&self, board: &Board) -> links::Bound<'_> {
        links::Bound::new(&self.groups, &self.rules, &self.memo, &board.placed)
    }

    /// [`Logic::next_step`]'s techniques past triples.
    fn harder_step(&self, board: &Board, deadline: Instant) -> Option<Step> {
        fish::find(self, board, 2)
            .or_else(|| fish::find(self, board, 3))
            .or_else(|| self.turbot_step(board))
            .or_else(|| wings::xy(self, board))
            .or_else(|| wings::xyz(self, board))
            .or_else(|| subsets::naked(self, board, 4))
            .or_else(|| fish::find(self, board, 4))
            .or_else(|| subsets::hidden(self, board, 4))
            .or_else(|| self.beyond_quads_step(board, deadline))
    }

    /// The guess made when logic is stuck: the open cell with the fewest
    /// candidates (the first such in cell order) set to its value in `solution`.
    ///
    /// # Panics
    /// When the board is solved, or `solution` does not fit the graph.
    pub fn guess(&self, board: &Board, solution: &Solution) -> Step {
        let cell = (0..board.placed.len())
            .filter(|&c| board.placed[c].is_none())
            .min_by_key(|&c| board.candidates[c].len())
            .expect("a guess needs an open cell");
        Step {
            technique: Technique::Guess,
            placed: Some((cell, solution.colours()[cell])),
            eliminated: Vec::new(),
            cells: vec![cell],
            houses: Vec::new(),
            colours: board.candidates[cell].iter().collect(),
            rule: None,
            se: 0,
        }
    }

    /// Solves `puzzle` the way a person would: the easiest deduction each time,
    /// and a guess from `solution` when logic runs out. Replaying the steps with
    /// [`Logic::apply`] from [`Logic::start`] reaches `solution`.
    ///
    /// # Errors
    /// A [`Contradiction`] when `solution` is not a solution of `puzzle`.
    pub fn path(&self, puzzle: &Puzzle, solution: &Solution) -> Result<Path, Contradiction> {
        self.path_within(puzzle, solution, self.path_budget)
    }

    /// [`Logic::path`], its chains through rules within `budget` in all.
    fn path_within(
        &self,
        puzzle: &Puzzle,
        solution: &Solution,
        budget: Duration,
    ) -> Result<Path, Contradiction> {
        let stepper = self.stepper(false, budget);
        self.walk(puzzle, solution, &|board| stepper.step(board))
    }

    /// The path that `next` finds, with guesses from `solution` where it finds nothing.
    fn walk(
        &self,
        puzzle: &Puzzle,
        solution: &Solution,
        next: &dyn Fn(&Board) -> Option<Step>,
    ) -> Result<Path, Contradiction> {
        let mut board = self.start(puzzle)?;
        let mut steps = Vec::new();
        while !board.is_solved() {
            let step = next(&board).unwrap_or_else(|| self.guess(&board, solution));
            self.apply(&mut board, &step)?;
            steps.push(step);
        }
        // Sound deductions cannot leave a true solution: a difference means
        // `solution` does not solve `puzzle`.
        match (0..board.placed.len()).find(|&c| board.placed[c] != Some(solution.colours()[c])) {
            Some(cell) => Err(Contradiction { cell }),
            None => Ok(Path { steps }),
        }
    }

    /// A step in words, with the variant's cell, house and symbol names, e.g.
    /// `r3c5 = 7: hidden single, the only place for 7 in box 2`.
    pub fn describe(&self, step: &Step) -> String {
        text::describe(self.graph, step)
    }

    /// The kind of a rule step's rule, for tools: `killer-cage`,
    /// `thermometer`, `white-dot`, …; `None` for other steps.
    pub fn rule_kind(&self, step: &Step) -> Option<String> {
        if step.technique == Technique::InniesOuties {
            return Some("innies-and-outies".to_string());
        }
        let rule = &self.graph.rules()[step.rule.as_ref()?.index];
        Some(rule.name().to_lowercase().replace(' ', "-"))
    }

    /// The candidates of `cells` on `board` (a placed cell's value), as masks.
    fn domains(&self, board: &Board, cells: &[usize]) -> Vec<u128> {
        cells.iter().map(|&c| board.candidates[c].low()).collect()
    }

    /// `r1c1, r1c2`.
    fn cell_list(&self, cells: &[usize]) -> String {
        text::cell_names(self.graph, cells)
    }

    /// The symbols of `set`, ascending, joined by `sep`: `1+9`.
    fn value_set(&self, set: u128, sep: &str) -> String {
        let alphabet = self.graph.alphabet();
        let mut colours: Vec<u8> = (0..alphabet.len() as u8)
            .filter(|&c| set >> c & 1 == 1)
            .collect();
        colours.sort_by_key(|&c| self.graph.values().map_or(i64::from(c), |v| v[c as usize]));
        colours
            .iter()
            .map(|&c| alphabet.symbol(c))
            .collect::<Vec<_>>()
            .join(sep)
    }

    fn is_full(&self, house: usize) -> bool {
        self.full[house]
    }

    fn is_box_like(&self, house: usize) -> bool {
        self.box_like[house]
    }

    /// True when `a` and `b` are neighbours (they cannot hold the same symbol).
    fn sees(&self, a: usize, b: usize) -> bool {
        self.neighbours[a].contains(&b)
    }
}

impl Step {
    /// A step that places `colour` in `cell`.
    fn placing(technique: Technique, cell: usize, colour: u8, houses: Vec<usize>) -> Self {
        Step {
            technique,
            placed: Some((cell, colour)),
            eliminated: Vec::new(),
            cells: vec![cell],
            houses,
            colours: vec![colour],
            rule: None,
            se: technique.se(),
        }
    }

    /// A step that removes `eliminated`, rated at the technique's base.
    fn removing(
        technique: Technique,
        eliminated: Vec<(usize, u8)>,
        cells: Vec<usize>,
        houses: Vec<usize>,
        colours: Vec<u8>,
    ) -> Self {
        Step {
            technique,
            placed: None,
            eliminated,
            cells,
            houses,
            colours,
            rule: None,
            se: technique.se(),
        }
    }

    /// The step's rating on the Sudoku Explainer scale (`2.3` for a naked single).
    pub fn rating(&self) -> f64 {
        f64::from(self.se) / 10.0
    }
}
