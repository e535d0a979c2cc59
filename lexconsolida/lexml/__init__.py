"""The LexML vocabulary, below both readers and writers: tags and namespaces, the schemas and
their profiles, the lexconsolida extension, the life-cycle dates, and the safe XML door."""
