//! Where each value of a YAML document sits: JSON pointer → line:column of the
//! value and, for mapping entries, of its key. Built from saphyr's event stream
//! (see `load::yaml`), used only to point diagnostics at the user's text.

use std::collections::HashMap;

/// A 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

/// Position of one node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodePos {
    /// Where the key of a mapping entry starts (`None` for list items and the root).
    pub key: Option<Pos>,
    /// Where the value starts.
    pub value: Pos,
}

/// JSON pointer → position, for every node the document spells out (values
/// reached only through an alias are located at the alias).
#[derive(Debug, Clone, Default)]
pub struct PositionIndex {
    nodes: HashMap<String, NodePos>,
}

impl PositionIndex {
    pub(crate) fn insert(&mut self, pointer: String, pos: NodePos) {
        self.nodes.entry(pointer).or_insert(pos);
    }

    /// The node at exactly this pointer.
    pub fn get(&self, pointer: &str) -> Option<NodePos> {
        self.nodes.get(pointer).copied()
    }

    /// The value at `pointer`, or the nearest ancestor that exists.
    pub fn value(&self, pointer: &str) -> Option<Pos> {
        self.nearest(pointer).map(|n| n.value)
    }

    /// The key of the entry at `pointer` (falls back to its value, then to the
    /// nearest ancestor): where a person looks for a misspelt or extra field.
    pub fn key(&self, pointer: &str) -> Option<Pos> {
        self.nearest(pointer).map(|n| n.key.unwrap_or(n.value))
    }

    fn nearest(&self, pointer: &str) -> Option<NodePos> {
        let mut p = pointer;
        loop {
            if let Some(n) = self.nodes.get(p) {
                return Some(*n);
            }
            if p.is_empty() {
                return None;
            }
            p = match p.rfind('/') {
                Some(i) => &p[..i],
                None => "",
            };
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// Escapes one segment of a JSON pointer (RFC 6901).
pub fn escape_segment(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

/// Appends a segment to a pointer.
pub fn child(pointer: &str, segment: &str) -> String {
    format!("{pointer}/{}", escape_segment(segment))
}
