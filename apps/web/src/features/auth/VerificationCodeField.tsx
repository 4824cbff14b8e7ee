import { phoneView } from '@cutout/contracts';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/form.tsx';
import { minutesSeconds, useSecondsUntil, type VerificationCode } from './use-verification-code.ts';

/**
 * The code field of one channel with its get-code button (SPEC §2.3, §4): the button counts down
 * to the next allowed request as minutes:seconds; once the code is granted the field is locked
 * and a check mark shows.
 */
export function VerificationCodeField({
  verification,
  label,
  error,
  onEdit,
}: {
  verification: VerificationCode;
  label: string;
  /**
   * A message of the form's own check; the flow's own messages show otherwise. A granted code shows
   * neither: its check mark and "confirmed" replace them.
   */
  error?: string | null | undefined;
  /**
   * Called as the code is typed or asked for: the form drops its message about the code it checked
   * (the flow's own messages say how the request went).
   */
  onEdit?: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const { item, secondsLeft, requesting, approving } = verification;
  const granted = item?.granted ?? false;
  const counting = !granted && secondsLeft > 0;
  const time = minutesSeconds(secondsLeft);
  const address = item?.email ?? (item?.phoneNumber ? phoneView(item.phoneNumber) : '');
  // How long the code sent lasts, counted down here: the server's text is as of when it was sent.
  const secondsValid = useSecondsUntil(granted ? null : item?.expiredAt);
  // The server answers a reset request alike whether the address has an account or not (so as not to
  // tell which have one), and sends a code only where one has: the hint cannot say it was sent.
  const sentKey =
    verification.purpose === 'user_reset_password'
      ? `auth.code.sentIfAccount.${verification.typeId}`
      : 'auth.code.sent';
  return (
    <TextField
      id={inputId}
      label={label}
      value={verification.code}
      onChange={(code) => {
        verification.setCode(code);
        onEdit?.();
      }}
      // Read-only once granted, not disabled: the focus stays in the field the code was typed in.
      readOnly={granted}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={uiConstants.verificationCodeLength}
      placeholder="••••••"
      error={granted ? null : (error ?? verification.codeError)}
      hint={
        granted
          ? t(`auth.code.confirmed.${verification.typeId}`)
          : item
            ? [
                t(sentKey, { address }),
                secondsValid > 0
                  ? t('auth.code.validFor', { minutes: Math.ceil(secondsValid / 60) })
                  : t('error_verification_code_expired'),
                verification.replacedEarlier && secondsValid > 0 ? t('auth.code.earlierVoid') : '',
              ]
                .filter(Boolean)
                .join(' ')
            : t(`auth.code.hint.${verification.typeId}`)
      }
      inside={
        granted ? (
          <CircleCheck
            role="img"
            aria-label={t('auth.code.confirmedMark')}
            className="mr-2.5 size-5 text-emerald-600"
          />
        ) : approving ? (
          <LoaderCircle aria-hidden="true" className="mr-2.5 size-5 animate-spin text-slate-400" />
        ) : null
      }
      aside={
        <Button
          variant="secondary"
          onClick={async () => {
            onEdit?.();
            // The button is disabled while the request runs, which drops the keyboard to the dialog:
            // sent or refused, it goes on to the code field, which the message saying how the request
            // went describes (the button may be a disabled countdown by then).
            if ((await verification.requestCode()) !== 'notAsked') document.getElementById(inputId)?.focus();
          }}
          disabled={granted || counting || requesting}
          aria-label={counting ? t('auth.code.resendIn', { time }) : undefined}
          className="h-11 w-32 shrink-0 px-3 tabular-nums"
        >
          {requesting && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {counting ? time : t('auth.code.get')}
        </Button>
      }
    />
  );
}
