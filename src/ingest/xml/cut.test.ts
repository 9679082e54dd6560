import { describe, expect, it } from 'vitest';
import { withoutElement } from './cut.js';

describe('withoutElement', () => {
  it('cuts the element with everything inside it, and only that element', () => {
    const text =
      '<doc><abstract><p>A</p></abstract><description id="description"><description-of-drawings><p>FIG. 1</p>' +
      '</description-of-drawings><?BRFSUM description="Brief Summary" end="lead"?><p>body</p></description><claims/></doc>';
    expect(withoutElement(text, 'description')).toBe('<doc><abstract><p>A</p></abstract><claims/></doc>');
  });

  it('does not take a longer name for the element', () => {
    const text = '<doc><description-of-drawings>x</description-of-drawings><description>y</description></doc>';
    expect(withoutElement(text, 'description')).toBe('<doc><description-of-drawings>x</description-of-drawings></doc>');
  });

  it('cuts an empty element and leaves text without the element as it was', () => {
    expect(withoutElement('<doc><drawings/><claims/></doc>', 'drawings')).toBe('<doc><claims/></doc>');
    expect(withoutElement('<doc><claims/></doc>', 'drawings')).toBe('<doc><claims/></doc>');
  });

  it('leaves a document whose end tag is missing for the parser to report', () => {
    const broken = '<doc><description><p>never closed</p></doc>';
    expect(withoutElement(broken, 'description')).toBe(broken);
  });
});
