import jpeg from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'
import * as pngWasm from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm'
import { provideImageDecoders } from './image-hash'

/**
 * The Workers entry imports this module (worker/src/index.ts): wrangler bundles the two codecs' wasm
 * files as compiled modules (workerd does not compile wasm from bytes at run time), and the receipts'
 * perceptual hash instantiates them on first use. Under Node image-hash.ts compiles the same files.
 * The PNG codec ships typings of its wasm exports, so its module is read as the namespace's default.
 */
const png = (pngWasm as unknown as { default: WebAssembly.Module }).default
provideImageDecoders(async () => ({ jpeg, png }))
