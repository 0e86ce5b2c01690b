// css-tree's parser, generator and walker entries: the same functions as the package root, without
// the root's CSS syntax data (mdn-data, loaded with createRequire, which the Workers runtime lacks).
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse
  export default parse
}
declare module 'css-tree/generator' {
  const generate: typeof import('css-tree').generate
  export default generate
}
declare module 'css-tree/walker' {
  const walk: typeof import('css-tree').walk
  export default walk
}
