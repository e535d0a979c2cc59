"""Notice forms read from the law itself.

Pipeline: ``source.load_norma`` (the parsed law) → ``infractions.extract`` (the catalog: fields,
fine table, special rules) → ``settings.load_settings`` (municipio.toml: fiscal unit, deadlines,
delivery, required fields, each citing its dispositivo) → ``cases.load_cases`` (TOML or CSV) →
``document.build`` (a :class:`~lexconsolida.forms.document.FormDoc`) → ``html.render_html`` and
``docx.render_docx`` → ``issue.issue_batch`` (all or nothing, numbered in ``register.Register``,
crash-safe). ``talao`` prints blank pre-numbered autos, ``reconcile`` checks the register against
the disk (``forms --verificar``) and ``report`` summarises it (HTML and CSV).
"""

from lexconsolida.forms.infractions import Catalog, Infraction, extract
from lexconsolida.forms.issue import Context, issue_batch, issue_talao
from lexconsolida.forms.register import Register
from lexconsolida.forms.settings import Settings, load_settings

__all__ = ["Catalog", "Context", "Infraction", "Register", "Settings", "extract", "issue_batch", "issue_talao",
           "load_settings"]
