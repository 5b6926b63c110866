import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const r = await build({ stdin:{contents:"export { PlatformClient } from './adapters/platform/src/index.ts';",resolveDir:process.cwd(),loader:'ts'},
 bundle:true, minify:true, format:'esm', platform:'browser', target:'es2022', external:['zod'], write:false, metafile:true, logLevel:'silent'});
const out = Object.values(r.metafile.outputs)[0];
console.log('total gz', (gzipSync(r.outputFiles[0].contents,{level:9}).length/1024).toFixed(2));
const rows = Object.entries(out.inputs).map(([k,v])=>[v.bytesInOutput,k]).sort((a,b)=>b[0]-a[0]);
for (const [b,k] of rows) console.log(String(b).padStart(7), k);
