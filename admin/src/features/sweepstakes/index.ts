/** The provably fair sweepstake draw (docs/sweepstakes-fairness.md): the reward detail's Sweepstakes tab renders it. */
export { SweepstakeDrawPanel } from './sweepstake-draw-panel'
