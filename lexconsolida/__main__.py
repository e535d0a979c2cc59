import gc

from lexconsolida.cli import main

code = main()
# What is left is freed with the process: the collection Python runs at exit would only walk
# every module, pattern and class once more (a tenth of a short command such as 'parse').
gc.freeze()
raise SystemExit(code)
