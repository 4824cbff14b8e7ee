/**
 * Passwords long enough for the length rule that are still the first ones guessed (NIST SP 800-63B
 * §5.1.1.2: refuse commonly used, repetitive and sequential passwords). The list holds the common
 * ones of 8 characters or more from the public breach lists, in English and Russian use, compared
 * without case; runs of one character and straight sequences ('12345678', 'abcdefgh', '98765432')
 * are found by rule.
 */
const common = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa$$word passpass
  pass1234 1password mypassword password! qwerty123 qwerty12 qwerty1234 qwertyui qwertyuiop qwertyu1
  qwer1234 1234qwer q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qazxsw2
  zaq12wsx zaq1xsw2 qazwsxedc qazwsx123 12qwaszx 123qweasd 123qwe123 qwe123qwe asdfghjk asdfghjkl
  asdf1234 zxcvbnm1 zxcvbnm123 12345678 123456789 1234567890 12345678910 1234567a 1234567q 12345678a
  12345qwert 123456789a 11111111 1111111111 00000000 22222222 33333333 44444444 55555555 66666666
  77777777 88888888 99999999 12341234 11223344 12121212 10203040 20202020 123123123 123321123
  147258369 159753456 741852963 789456123 147852369 abc12345 abcd1234 aa123456 a1b2c3d4 a123456789
  iloveyou iloveyou1 iloveyou2 sunshine sunshine1 princess princess1 football football1 baseball
  basketball superman superman1 batman123 starwars trustno1 whatever welcome1 welcome123 letmein1
  letmein123 monkey123 dragon123 michael1 jennifer jordan23 charlie1 computer internet master123
  mustang1 shadow123 samsung1 pokemon1 minecraft liverpool chelsea1 arsenal1 metallica killer123
  hello123 helloworld freedom1 loveyou1 lovely123 babygirl babygirl1 butterfly chocolate admin123
  administrator adminadmin changeme changeme1 default1 secret123 testtest test1234 temp1234 guest123
  root1234 google123 microsoft facebook youtube1 spiderman parol123 privet123 natasha1 kristina
  aleksandr vladimir anastasia svetlana ekaterina valentina nikita123 marina123 пароль123
  парольпароль йцукенгш йцукенгшщз йцукенгшщзхъ фывапролд фывапролдж ячсмитьб qwertyqwerty`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether every character is the one before it plus one (or minus one throughout). */
function sequential(value: string): boolean {
  const step = value.charCodeAt(1) - value.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < value.length; i++) {
    if (value.charCodeAt(i) - value.charCodeAt(i - 1) !== step) return false;
  }
  return true;
}

/** Whether a password is among the first ones an attacker tries. */
export function guessablePassword(password: string): boolean {
  const value = password.toLowerCase();
  if (value.length < 2) return false;
  return common.has(value) || new Set(value).size === 1 || sequential(value);
}
