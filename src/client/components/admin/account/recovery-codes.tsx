import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../button.tsx';
import { Modal } from '../modal.tsx';

/** The recovery codes, this once: to write down or save as a file (made here, nothing sent anywhere). */
export function RecoveryCodesDialog({ codes, onDone }: { codes: string[] | null; onDone(): void }) {
  const { t } = useTranslation('admin');
  const save = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${codes?.join('\n') ?? ''}\n`], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Modal
      open={Boolean(codes)}
      onClose={onDone}
      title={t('security.codesTitle')}
      size="sm"
      testId="recovery-codes"
      footer={
        <>
          <Button onClick={save} icon="download">
            {t('security.codesSave')}
          </Button>
          <Button variant="primary" onClick={onDone} data-autofocus>
            {t('security.codesDone')}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm leading-6 text-stone-700">{t('security.codesHint')}</p>
      <ol
        className="grid grid-cols-1 gap-2 rounded-lg bg-stone-50 p-4 font-mono text-sm text-stone-900 ring-1 ring-stone-200 sm:grid-cols-2"
        dir="ltr"
        lang="en"
      >
        {codes?.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
