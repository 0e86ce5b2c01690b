import { matrixSuite } from './console-permissions-suite'

// The console permission matrix, part 2 of 3 (see matrixSuite).
matrixSuite(1, 3)
