import { runGroup } from './workerd-groups'

// One of the workerd project's three groups of test files (workerd-groups.ts).
runGroup(2)
