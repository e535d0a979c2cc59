"""The DOCX vocabulary, below the writers, the diff and the forms: the named styles of the
reference document, the letterhead, Word fields, and deterministic saving."""
