"""One module per CLI command (see ``lexconsolida.cli``)."""
