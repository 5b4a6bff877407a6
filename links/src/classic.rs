use crate::{Imported, LinkError};
pub(crate) fn digits_of(s: &str, n: usize) -> Option<Vec<u8>> {
    let _ = (s, n);
    None
}
pub(crate) fn read_scf(s: &str) -> Result<Imported, LinkError> {
    let _ = s;
    Err(LinkError::NotALink("todo".into()))
}
pub(crate) fn read_classic(s: &str) -> Result<Imported, LinkError> {
    let _ = s;
    Err(LinkError::NotALink("todo".into()))
}
