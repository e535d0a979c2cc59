from lexconsolida.cli import main

raise SystemExit(main())
