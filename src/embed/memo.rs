//! A per-thread memo of [`super::local`] embeddings, for callers that embed the same texts
//! again and again: retrieval's dense list embeds every turn of the memory for every question,
//! so an evaluation re-encoded each turn once per question and system (a third of `eval beam`).
//!
//! `local` is a pure function of its text for the whole run (the embedder is chosen once), so a
//! memoised vector is the vector: the memo never changes a ranking. It is bounded by bytes and
//! starts over when full, like the lexicon's memos.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Bytes of keys and vectors kept before the memo starts over: a long chat's passages (a few
/// thousand of them) fit many times over.
const CAPACITY_BYTES: usize = 64 << 20;

/// Texts to their vectors, and the bytes the entries hold.
type Memo = (HashMap<Box<str>, Rc<[f32]>, foldhash::fast::RandomState>, usize);

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new((HashMap::default(), 0));
}

/// [`super::local`] of `text`, computed once per thread while the memo holds it.
#[must_use]
pub fn local(text: &str) -> Rc<[f32]> {
    if let Some(v) = MEMO.with_borrow(|(memo, _)| memo.get(text).cloned()) {
        return v;
    }
    let v: Rc<[f32]> = super::local(text).into();
    MEMO.with_borrow_mut(|(memo, bytes)| {
        let size = text
            .len()
            .saturating_add(v.len().saturating_mul(std::mem::size_of::<f32>()));
        if bytes.saturating_add(size) > CAPACITY_BYTES {
            memo.clear();
            *bytes = 0;
        }
        memo.insert(text.into(), Rc::clone(&v));
        *bytes = bytes.saturating_add(size);
    });
    v
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_memoised_vector_is_the_vector() {
        for text in ["I switched to a standing desk", "the rate limit of the API", ""] {
            let first = super::local(text);
            let again = super::local(text);
            assert_eq!(&*first, super::super::local(text).as_slice());
            assert_eq!(&*again, &*first);
        }
    }
}
