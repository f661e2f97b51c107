import { describe, expect, it } from 'vitest';
import { CATALOGUE_TREE } from '@gia/shared/catalogue-tree.ts';
import { SCREENS } from './catalogue-config.ts';

describe('the back-office screens', () => {
  it('load every list their dropdowns choose from', () => {
    for (const config of Object.values(SCREENS)) {
      for (const field of config.fields) {
        if (field.source) expect(config.sources).toContain(field.source);
      }
    }
  });

  it('narrow a cascading dropdown by a field that is on the same form', () => {
    for (const config of Object.values(SCREENS)) {
      const names = config.fields.map((f) => f.name);
      for (const field of config.fields) {
        if (field.dependsOn) expect(names).toContain(field.dependsOn.from);
      }
    }
  });

  it('send the parent of each entity under the name the API takes', () => {
    const { Chapters, SubjectDetails } = SCREENS;
    expect(Chapters?.fields.find((f) => f.source === 'sub-subject')?.name).toBe(
      CATALOGUE_TREE['sub-subject'].id,
    );
    expect(SubjectDetails?.fields.find((f) => f.required)?.name).toBe('sub_subject_id');
  });
});
