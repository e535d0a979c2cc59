"""A whole municipality's acervo: import, relations found in the texts, every act in force,
the work list — at scale.

- :func:`lexconsolida.acervo.importer.import_folder` — a folder of acts → the statutes/ layout;
- :func:`lexconsolida.acervo.pipeline.build` — per-act analysis and histories (on any
  ``concurrent.futures.Executor``, cached by content) → :class:`~lexconsolida.acervo.pipeline.Acervo`;
- :func:`lexconsolida.acervo.worklist.write` — the work list (JSON + HTML);
- :func:`lexconsolida.acervo.gazette.build_gazette` — the gazette site of the whole acervo.
"""
