import { matrixSuite } from './console-permissions-suite'

// The console permission matrix, part 3 of 3 (see matrixSuite).
matrixSuite(2, 3)
