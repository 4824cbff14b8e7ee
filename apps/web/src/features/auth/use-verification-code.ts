import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorDetails, errorMessage, isApiError } from '../../shared/api/api-error.ts';
import {
  type Address,
  type PermissionItem,
  type PermissionPurpose,
  type PermissionType,
  usersApi,
} from '../../shared/api/users.ts';
import { uiConstants } from '../../shared/constants.ts';
import { checkAddress } from '../../shared/validation/field-checks.ts';
import { recallPendingCode, rememberPendingCode } from './pending-codes.ts';

/** Seconds left until `iso`, re-read every second while there are any (SPEC §9 countdown tick). */
export function useSecondsUntil(iso: string | null | undefined): number {
  const target = iso ? Date.parse(iso) : 0;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!target || target <= Date.now()) return;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= target) clearInterval(timer);
    }, uiConstants.countdownTickMs);
    return () => clearInterval(timer);
  }, [target]);
  return target ? Math.max(0, Math.ceil((target - Date.now()) / 1000)) : 0;
}

/** The later of two times (ISO), either of which may be missing. */
const later = (a: string | null, b: string | null) =>
  a && b ? (Date.parse(a) >= Date.parse(b) ? a : b) : (a ?? b);

/**
 * When a request refused as too soon (NEXT_REQUEST_NOT_YET) may be made again: the server's wait in
 * seconds counted from now, so that this clock need not agree with the server's; null without one.
 */
function retryAt(error: unknown): string | null {
  const { seconds } = errorDetails(error);
  const wait = typeof seconds === 'number' ? seconds : isApiError(error) ? error.retryAfterSeconds : null;
  return wait === null ? null : new Date(Date.now() + wait * 1000).toISOString();
}

/** '01:05' for 65 seconds. */
export const minutesSeconds = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * How a request for a code ended: sent; refused (by the server, or too soon), with a message on the
 * code; or not asked, the address not being one to send to (its message is on the address) or the
 * code being granted already.
 */
export type CodeRequestOutcome = 'sent' | 'refused' | 'notAsked';

export interface VerificationCode {
  typeId: PermissionType;
  purpose: PermissionPurpose;
  item: PermissionItem | null;
  /** Whether the item's code replaced one sent earlier to the same address, which no longer works. */
  replacedEarlier: boolean;
  code: string;
  setCode: (code: string) => void;
  /** Seconds until another code may be requested. */
  secondsLeft: number;
  requesting: boolean;
  approving: boolean;
  /** A message about the address (empty, not valid, already registered). */
  addressError: string | null;
  /**
   * A message about the code (wrong, expired, could not be sent), or about asking too soon, which
   * counts down with `secondsLeft` and goes when another code may be asked for.
   */
  codeError: string | null;
  /** Asks for a code; resolves with how the request ended. */
  requestCode: () => Promise<CodeRequestOutcome>;
  /** Approves a complete code now instead of after the pause; resolves with the item as it stands. */
  approveNow: () => Promise<PermissionItem | null>;
  /** Clears the messages (when the form shows its own). */
  clearErrors: () => void;
}

/**
 * The verification code of one channel (SPEC §4): no item → requested (with next-request and
 * expiry times) → granted. Changing the address discards the item after a 1 s pause; a complete
 * code is approved after a 1 s pause; the server's reply replaces the item.
 */
export function useVerificationCode(options: {
  typeId: PermissionType;
  purpose: PermissionPurpose;
  /** The address as the server takes it (an e-mail, or '+' and the digits of a phone). */
  address: string;
}): VerificationCode {
  const { typeId, purpose, address } = options;
  const { t } = useTranslation();
  // A code asked for this address before the window was closed (or the page reloaded) is still awaited.
  const [recalled] = useState(() => recallPendingCode({ typeId, purpose }, address));
  const [item, setItem] = useState<PermissionItem | null>(recalled);
  const [itemAddress, setItemAddress] = useState<string | null>(recalled ? address : null);
  const [replacedEarlier, setReplacedEarlier] = useState(false);
  const [code, setCodeState] = useState('');
  const [requesting, setRequesting] = useState(false);
  const [approving, setApproving] = useState(false);
  const [addressError, setAddressError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // A request refused as too soon holds back the next one for that address, as a sent code does.
  const [tooSoon, setTooSoon] = useState<{ address: string; until: string } | null>(null);
  const waitUntil = tooSoon?.address === address ? tooSoon.until : null;
  const nextRequestAt = later(item && !item.granted ? item.nextRequestAt : null, waitUntil);
  const secondsLeft = useSecondsUntil(nextRequestAt);
  const approving$ = useRef<Promise<PermissionItem | null> | null>(null);

  // Another address: the item belongs to the old one; once the typing pauses it is forgotten, and a
  // code asked for the new address earlier in this tab is awaited again (a code typed is kept then).
  useEffect(() => {
    if (address === itemAddress) return;
    const timer = setTimeout(() => {
      const awaited = recallPendingCode({ typeId, purpose }, address);
      if (!item && !awaited) return;
      setItem(awaited);
      setItemAddress(awaited ? address : null);
      setReplacedEarlier(false);
      if (item) {
        setCodeState('');
        setCodeError(null);
      }
    }, uiConstants.inputDebounceMs);
    return () => clearTimeout(timer);
  }, [address, item, itemAddress, typeId, purpose]);

  useEffect(() => {
    if (item && itemAddress !== null) rememberPendingCode(item, itemAddress);
  }, [item, itemAddress]);

  // A message about the address is about the old one once it is edited.
  const [checkedAddress, setCheckedAddress] = useState(address);
  if (checkedAddress !== address) {
    setCheckedAddress(address);
    setAddressError(null);
  }

  const approve = useCallback(
    (otp: string, current: PermissionItem): Promise<PermissionItem | null> => {
      if (approving$.current) return approving$.current;
      setApproving(true);
      const run = usersApi
        .approvePermission({ typeId, purpose, items: [{ id: current.id, otp }] })
        .then((list) => {
          const next = list.find((candidate) => candidate.id === current.id) ?? list[0] ?? current;
          setItem(next);
          setCodeError(null);
          return next;
        })
        .catch((error: unknown) => {
          setCodeError(errorMessage(error, t));
          return current;
        })
        .finally(() => {
          approving$.current = null;
          setApproving(false);
        });
      approving$.current = run;
      return run;
    },
    [typeId, purpose, t],
  );

  const complete = code.trim().length === uiConstants.verificationCodeLength;

  // A complete code is sent once the typing pauses.
  useEffect(() => {
    if (!item || item.granted || !complete) return;
    const timer = setTimeout(() => void approve(code.trim(), item), uiConstants.inputDebounceMs);
    return () => clearTimeout(timer);
  }, [code, complete, item, approve]);

  const setCode = useCallback((value: string) => {
    setCodeState(value.replace(/\s/g, '').slice(0, uiConstants.verificationCodeLength));
    setCodeError(null);
  }, []);

  const requestCode = useCallback(async (): Promise<CodeRequestOutcome> => {
    if (item?.granted) return 'notAsked';
    const key = checkAddress(typeId, address);
    if (key) {
      setAddressError(t(key));
      return 'notAsked';
    }
    if (nextRequestAt && secondsLeft > 0) {
      setTooSoon({ address, until: nextRequestAt });
      return 'refused';
    }
    setRequesting(true);
    setCodeError(null);
    setTooSoon(null);
    setAddressError(null);
    try {
      const target: Address = typeId === 'email' ? { email: address } : { phoneNumber: address };
      const [next] = await usersApi.requestPermission({ typeId, purpose, address: target });
      if (!next) {
        setCodeError(t('error_verification'));
        return 'refused';
      }
      // The server ends a code still awaited for the address when it sends a new one.
      setReplacedEarlier(item !== null && itemAddress === address);
      setItem(next);
      setItemAddress(address);
      setCodeState('');
      return 'sent';
    } catch (error) {
      const until = errorCode(error) === 'NEXT_REQUEST_NOT_YET' ? retryAt(error) : null;
      if (until) setTooSoon({ address, until });
      else setCodeError(errorMessage(error, t));
      return 'refused';
    } finally {
      setRequesting(false);
    }
  }, [typeId, purpose, address, item, itemAddress, nextRequestAt, secondsLeft, t]);

  const approveNow = useCallback(async () => {
    if (!item || item.granted || !complete) return item;
    return approve(code.trim(), item);
  }, [item, complete, code, approve]);

  const clearErrors = useCallback(() => {
    setAddressError(null);
    setCodeError(null);
    setTooSoon(null);
  }, []);

  return {
    typeId,
    purpose,
    item,
    replacedEarlier,
    code,
    setCode,
    secondsLeft,
    requesting,
    approving,
    addressError,
    codeError: waitUntil && secondsLeft > 0 ? t('error_next_request', { seconds: secondsLeft }) : codeError,
    requestCode,
    approveNow,
    clearErrors,
  };
}
