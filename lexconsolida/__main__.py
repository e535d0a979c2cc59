import gc
import sys

try:
    from lexconsolida.cli import main
except KeyboardInterrupt:  # Ctrl-C while the program itself loads: the same one line
    print("lexconsolida: interrompido (Ctrl-C)", file=sys.stderr)
    raise SystemExit(130) from None

code = main()
# What is left is freed with the process: the collection Python runs at exit would only walk
# every module, pattern and class once more (a tenth of a short command such as 'parse').
gc.freeze()
raise SystemExit(code)
