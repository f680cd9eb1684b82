/**
 * Names of the passkey providers most people use, by the AAGUID their passkeys carry (from the
 * community list at github.com/passkeydeveloper/passkey-authenticator-aaguids). A new passkey
 * without a name of its own is called after its provider, so 'iCloud Keychain' and
 * 'Google Password Manager' tell two passkeys apart; an unknown one is just 'Passkey'.
 */
const PROVIDERS: Readonly<Record<string, string>> = {
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain',
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  'b84e4048-15dc-4dd0-8640-f4f60813c8af': 'NordPass',
  'fdb141b2-5d84-443e-8a35-4698c205a502': 'KeePassXC',
};

export const DEFAULT_PASSKEY_NAME = 'Passkey';

export function providerName(aaguid: string): string {
  return PROVIDERS[aaguid.toLowerCase()] ?? DEFAULT_PASSKEY_NAME;
}
