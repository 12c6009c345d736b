//! Rules of a data format: readers of a layout rather than of language. The wing's map is in
//! [`crate::rules`].

pub(super) mod context;
pub(crate) mod latex;
