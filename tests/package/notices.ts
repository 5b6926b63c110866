// What THIRD_PARTY_NOTICES.md of @pawloween/platform-server must name, from the tarball's listing:
// each model file by its own path (weights, graphs, probes), and every other asset (pictures,
// videos, fonts, anything not code, text or the app's own settings) by its path, its folder
// (`dir/`) or a pattern of its folder (`dir/*.woff2`).

/** Weights and graphs by their kind; JSON beside the workflow is a model's (it reads no other). */
const MODEL = /\.(bin|onnx|tflite|pb|pt|pth|safetensors|h5|ckpt|gguf|npy|npz)$/;
const WORKFLOW_JSON = /^lib\/mock-server\/workflow\/.*\.json$/;
/** Code, text and the app's own settings and data, precompressed or not: the package's own. */
const OWN =
  /(\.(mjs|js|cjs|css|html|d\.mts|md|txt)|(^|\/)(LICENSE|package\.json)|^lib\/(dist|ui\/public)\/(pawloween\.config|preview\/.*)\.json)(\.br|\.gz)?$/;

export function isModelFile(file: string): boolean {
  return MODEL.test(file) || WORKFLOW_JSON.test(file);
}

/** The package paths the notice names in its lists of files (`- \`path\``). */
export function noticedPaths(notice: string): string[] {
  return [...notice.matchAll(/^- `([^`]+)`$/gm)].map((match) => match[1]!);
}

function covers(entry: string, file: string): boolean {
  if (entry.endsWith('/')) return file.startsWith(entry);
  if (!entry.includes('*')) return entry === file;
  const pattern = entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*');
  return new RegExp(`^${pattern}$`).test(file);
}

/**
 * The files of the package (paths inside it, `package/` left off) that the notice fails to name:
 * a model file not named by its own path, or another asset no entry covers.
 */
export function unnoticedFiles(files: readonly string[], notice: string): string[] {
  const entries = noticedPaths(notice);
  return files.filter((file) => {
    if (file.startsWith('licenses/')) return false;
    if (isModelFile(file)) return !entries.includes(file);
    if (OWN.test(file)) return false;
    return !entries.some((entry) => covers(entry, file));
  });
}
