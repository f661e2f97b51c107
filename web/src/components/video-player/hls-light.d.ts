// hls.js's package exports its light build at `hls.js/light` without a types entry: same API.
declare module 'hls.js/light' {
  export { default, FetchLoader } from 'hls.js';
}
