import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { SCREENS } from './catalogue-config.ts';
import { CatalogueForm } from './catalogue-form.tsx';
import { translationsPayload, translationValuesOf } from './translations.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const board = { board_id: 'b1', board_name: 'SSLC' };
const cls = { class_id: 'c1', class_name: 'Class 10', board_id: 'b1', board_name: 'SSLC' };
const science = {
  subject_id: 's1',
  subject_name: 'Science',
  class_id: 'c1',
  board_id: 'b1',
  subject_price: 499,
  subject_image_url: '',
  free_course: false,
  medium: 'english',
  translations: { kn: { subject_name: 'ವಿಜ್ಞಾನ' }, hi: { subject_name: 'विज्ञान' } },
};

/** The API: lists answer `lists` by route; a save is recorded and answered `saveAnswer`. */
function stubApi(saveAnswer: Response = json(200, { message: 'Subject updated successfully.' })) {
  const saved: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'POST' || init?.method === 'PUT') {
        saved.push({ path: String(path), body: JSON.parse(String(init.body)) });
        return saveAnswer.clone();
      }
      const data = String(path).includes('getBoards')
        ? [board]
        : String(path).includes('getClasses')
          ? [cls]
          : [];
      return json(200, { message: 'ok', data, next_cursor: null });
    }),
  );
  return saved;
}

afterEach(() => vi.unstubAllGlobals());

function renderForm(screenName: string, editing: Record<string, unknown> | null) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CatalogueForm config={SCREENS[screenName]!} editing={editing} onDone={onDone} />
      <ConfirmDialog />
    </QueryClientProvider>,
  );
  return onDone;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function submit(button: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
}

describe('a catalogue record’s translations in the back office', () => {
  it('shows each translation beside its English field, in its language’s own name and lang', () => {
    stubApi();
    renderForm('Class', null);

    // Both translated fields of a class, the description's as text areas.
    for (const [label, tag] of [
      ['Class Name', 'INPUT'],
      ['Description', 'TEXTAREA'],
    ] as const) {
      const kn = input(`${label}, ಕನ್ನಡ`);
      const hi = input(`${label}, हिन्दी`);
      expect([kn.lang, hi.lang]).toEqual(['kn', 'hi']);
      expect([kn.tagName, hi.tagName]).toEqual([tag, tag]);
      expect(screen.getByText('ಕನ್ನಡ', { selector: `label[for="${kn.id}"] span` }).lang).toBe('kn');
    }
    // Fields a translation does not give (the price) have none.
    expect(screen.queryByLabelText('Price, ಕನ್ನಡ')).toBeNull();
  });

  it('edits one translation and clears another: the save sends the edited one and not the cleared', async () => {
    const saved = stubApi();
    const onDone = renderForm('Subject', science);
    expect(input('Subject Name, ಕನ್ನಡ').value).toBe('ವಿಜ್ಞಾನ');
    expect(input('Subject Name, हिन्दी').value).toBe('विज्ञान');

    fireEvent.change(input('Subject Name, ಕನ್ನಡ'), { target: { value: '  ವಿಜ್ಞಾನ ೧೦ ' } });
    fireEvent.change(input('Subject Name, हिन्दी'), { target: { value: '   ' } });
    await submit('Update Subject');

    await waitFor(() => expect(onDone).toHaveBeenCalledWith('s1'));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.path).toMatch(/\/api\/v1\/classadmin\/data\/updateSubjects$/);
    expect(saved[0]!.body).toMatchObject({
      subject_id: 's1',
      subject_name: 'Science',
      translations: { kn: { subject_name: 'ವಿಜ್ಞಾನ ೧೦' } },
    });
  });

  it('sends an empty translations object when every translation is cleared, so the server drops them', async () => {
    const saved = stubApi();
    renderForm('Subject', science);

    fireEvent.change(input('Subject Name, ಕನ್ನಡ'), { target: { value: '' } });
    fireEvent.change(input('Subject Name, हिन्दी'), { target: { value: '' } });
    await submit('Update Subject');

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body.translations).toEqual({});
  });

  it('sends no translations with a new record that has none', async () => {
    const saved = stubApi(json(201, { message: 'Board added successfully.', data: {} }));
    renderForm('Board', null);

    fireEvent.change(input('Board Name'), { target: { value: 'PUC' } });
    await submit('Add Board');

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).not.toHaveProperty('translations');
  });

  it('shows the server’s problem with a translation under that language’s input, until it is edited', async () => {
    const problem = 'Translations must be at most 5000 characters.';
    stubApi(
      json(400, {
        message: problem,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'translations.hi.subject_name', message: problem }],
      }),
    );
    renderForm('Subject', science);

    await submit('Update Subject');

    const hi = input('Subject Name, हिन्दी');
    await waitFor(() => expect(hi.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(hi.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe(problem);
    // Only the Hindi input is marked, not the English or the Kannada one.
    expect(input('Subject Name').getAttribute('aria-invalid')).toBeNull();
    expect(input('Subject Name, ಕನ್ನಡ').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(hi, { target: { value: 'विज्ञान कक्षा 10' } });
    expect(hi.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(problem, { selector: '.form-error' })).toBeNull();
  });
});

describe('the server’s problems with the English fields', () => {
  it('shows each under its own field, a dropdown’s too', async () => {
    const parent = 'The selected parent does not exist.';
    const price = 'Price must be between 0 and 1000000.';
    stubApi(
      json(400, {
        message: parent,
        code: 'VALIDATION_FAILED',
        details: [
          { field: 'class_id', message: parent },
          { field: 'price', message: price },
        ],
      }),
    );
    renderForm('Subject', science);

    await submit('Update Subject');

    const describedText = (label: string) => {
      const control = screen.getByLabelText(label);
      expect(control.getAttribute('aria-invalid')).toBe('true');
      return document.getElementById(control.getAttribute('aria-describedby')!)?.textContent;
    };
    await waitFor(() => expect(describedText('Class')).toBe(parent));
    expect(describedText('Price')).toBe(price);
    expect(input('Subject Name').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the medium of instruction', () => {
  const medium = () => screen.getByLabelText('Medium of instruction') as HTMLSelectElement;
  const offered = () => [...medium().options].map((o) => o.textContent);

  it('offers English, Kannada and Hindi, English for a new class', () => {
    stubApi();
    renderForm('Class', null);

    expect(offered()).toEqual(['English', 'Kannada', 'Hindi']);
    expect(medium().value).toBe('english');
  });

  it('shows a subject’s medium and saves the one chosen', async () => {
    const saved = stubApi();
    renderForm('Subject', { ...science, medium: 'hindi' });
    expect(medium().value).toBe('hindi');

    fireEvent.change(medium(), { target: { value: 'kannada' } });
    await submit('Update Subject');

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body.medium).toBe('kannada');
  });

  it('reads a subject stored before mediums had one as English', () => {
    stubApi();
    renderForm('Subject', { ...science, medium: undefined });

    expect(medium().value).toBe('english');
  });

  it('keeps a medium given through the API that the list does not offer', () => {
    stubApi();
    renderForm('Subject', { ...science, medium: 'tamil' });

    expect(medium().value).toBe('tamil');
    expect(offered()).toEqual(['English', 'Kannada', 'Hindi', 'tamil']);
  });
});

describe('the translations a save sends', () => {
  it('takes the stored ones of the entity’s fields only, and sends each language with its filled fields trimmed', () => {
    const values = translationValuesOf('class', {
      translations: { kn: { class_name: 'ಹತ್ತನೇ ತರಗತಿ', old_field: 'x' }, hi: {} },
    });
    expect(values).toEqual({
      kn: { class_name: 'ಹತ್ತನೇ ತರಗತಿ', description: '' },
      hi: { class_name: '', description: '' },
    });

    values.hi.description = ' कक्षा दस का विवरण ';
    expect(translationsPayload('class', values)).toEqual({
      kn: { class_name: 'ಹತ್ತನೇ ತರಗತಿ' },
      hi: { description: 'कक्षा दस का विवरण' },
    });
  });
});
