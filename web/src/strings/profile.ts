// The profile texts of the message catalogue (./zh-CN.ts), a module of their own so that they load with the pages
// that show them, not with the app's first screen (docs/web-performance.md).
import { RULE_MESSAGES } from '../lib/rules';

export const zhProfile = {
  title: '个人中心',
  pointsRecords: '积分记录',
  redeem: '兑换码',
  openMember: '开通会员',
  avatar: (name: string) => `${name}的头像`,
  // Inline nickname edit (docs/product.md: trimmed; empty; more than 10 characters; unchanged closes the editor).
  editNickname: '修改昵称',
  nickname: '昵称',
  save: '保存',
  cancel: '取消',
  enterNickname: RULE_MESSAGES.usernameMissing,
  nicknameTooLong: RULE_MESSAGES.usernameTooLong,
  nicknameSaved: '昵称修改成功',
  noExpiry: '—',
  // The points-record dialog.
  recordsTitle: '积分记录',
  recordsTable: '积分记录表',
  columns: { index: '序号', integral: '积分', type: '类型', balance: '余额', remark: '备注', time: '时间' },
  typeIncrease: '增加',
  typeDecrease: '减少',
  recordsEmpty: '暂无积分记录',
  recordsLoading: '加载中',
  // The records table's pages (as MUI's TablePagination named them in Chinese).
  recordsShown: (from: number, to: number, total: number) => `第 ${from} 条到第 ${to} 条，共 ${total} 条`,
  previousPage: '上一页',
  nextPage: '下一页',
  close: '关闭',
  // The redeem dialog.
  redeemTitle: '兑换码',
  redeemLabel: '兑换码',
  redeemPlaceholder: '请输入兑换码',
  redeemSubmit: '兑换',
  enterRedeemCode: '请输入兑换码',
  redeemSuccess: (points: number) => `兑换成功，当前积分 ${points}`,
  redeemHint: '每个兑换码每个账号限兑换一次',
} as const;
