// The auth texts of the message catalogue (./zh-CN.ts), a module of their own so that they load with the pages
// that show them, not with the app's first screen (docs/web-performance.md).
import { RULE_MESSAGES } from '../lib/rules';

export const zhAuth = {
  dialogTitle: '登录',
  phone: '手机号',
  phonePlaceholder: '请输入手机号',
  code: '验证码',
  codePlaceholder: '请输入验证码',
  getCode: '获取验证码',
  retryIn: (s: number) => `重新获取(${s} s)`,
  getAgain: '重新获取',
  login: '登录',
  cancel: '取消',
  otherMethods: '其他登录方式',
  // Names without 登录, so the dialog's 登录 button is the only one whose name contains it (the group says 其他登录方式).
  wechatLogin: '微信',
  notOpen: '暂未开放',
  enterPhone: RULE_MESSAGES.phoneMissing,
  invalidPhone: RULE_MESSAGES.phoneInvalid,
  enterCode: '请输入验证码',
  codeSent: '验证码发送成功，10分钟内有效',
  loginSuccess: '登录成功，请稍候',
  hint: '未注册的手机号验证后将自动注册',
  oneTapLogin: '本机号码',
  // The agreement and privacy checkboxes and their dialogs.
  agreePrefix: '我已阅读并同意',
  agreementLink: '《用户协议》',
  privacyLink: '《隐私政策》',
  agreementCheckbox: '我已阅读并同意《用户协议》',
  privacyCheckbox: '我已阅读并同意《隐私政策》',
  mustAgree: '请先阅读并同意用户协议和隐私政策',
  agreementTitle: '用户协议',
  privacyTitle: '隐私政策',
  legalAgree: '同意',
  legalClose: '关闭',
  // The proof-of-work challenge (components/AltchaChallenge.tsx), shown only when the server asks for one.
  challengeHint: '为防止滥用，请先完成人机验证，验证后将自动发送验证码',
  challengeLoading: '正在加载人机验证…',
  challengeStrings: {
    label: '我不是机器人',
    verifying: '正在验证…',
    verified: '验证通过',
    error: '验证失败，请重试',
    expired: '验证已过期，请重试',
    waitAlert: '正在验证，请稍候…',
    ariaLinkLabel: '访问 altcha.org',
    footer: '由 ALTCHA 提供保护',
  },
} as const;
