import temml from 'temml';
import 'temml/dist/Temml-Local.css';
import './math.css';

/**
 * TeX to MathML markup (Temml), or null when the TeX cannot be read. Loaded only through
 * `loadMath()` (its own chunk, with Temml's stylesheet). Temml escapes every character of the
 * input and, without `trust`, refuses \href, \class, \style and the like, so its markup holds no
 * link, script or style from the text. The TeX rides along as an annotation for assistive tools.
 */
export function texToMathml(tex: string, display: boolean): string | null {
  try {
    return temml.renderToString(tex, { displayMode: display, annotate: true, throwOnError: true });
  } catch {
    return null;
  }
}
