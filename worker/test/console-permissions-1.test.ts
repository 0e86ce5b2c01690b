import { matrixSuite } from './console-permissions-suite'

// The console permission matrix, part 1 of 3 (see matrixSuite).
matrixSuite(0, 3)
