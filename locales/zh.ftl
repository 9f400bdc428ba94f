# 简体中文。消息为 Telegram HTML：变量已转义。

## Commands (menu descriptions)
cmd-start = 欢迎与连接说明
cmd-help = 全部命令
cmd-connect = 连接交易所 API 密钥
cmd-disconnect = 移除 API 密钥
cmd-balance = 余额与资产总值
cmd-price = 买入价与卖出价
cmd-settings = 语言、时区、提醒
cmd-cancel = 退出当前步骤

## Start and help
start-welcome =
    <b>欢迎，{ $name }！</b>
    我可以在聊天中管理你的 Digital Surge 账户：一眼看清余额、查看价格，轻点几下即可兑换。

    开始前，请在 Digital Surge 网页版（账户设置 → API 密钥）创建 API 密钥，然后用 /connect 发送给我。只读密钥即可查看；交易需要读写密钥。
start-connected =
    <b>欢迎回来，{ $name }！</b>
    你的密钥已连接。试试 /balance 或 /price。
help =
    <b>命令</b>
    /balance — 余额、价值与收益
    /price [资产 …] — 买入价与卖出价，例如 <code>/price BTC ETH</code>；<code>/price all</code> 列出全部资产
    /buy [资产 金额] — 用澳元购买加密货币，例如 <code>/buy BTC 100</code>
    /sell [资产 数量] — 卖出加密货币换澳元
    /swap [源 目标 数量] — 加密货币互换
    /swaps — 最近的兑换
    /addresses — 已保存的提现地址：添加、确认、删除
    /connect — 连接 API 密钥（消息会立即删除）
    /disconnect — 移除 API 密钥
    /settings — 语言、时区、提醒通知
    /cancel — 退出当前步骤，并作废屏幕上的报价
    /help — 本列表

## Chat rules
private-only = 为了你的安全，我只在私聊中处理账户事务。请与我私聊并在那里发送命令。
group-key-deleted = ⚠️ 我已删除你的消息，但其他人可能已看到密钥：请在 Digital Surge 网页版（账户设置 → API 密钥）撤销它并创建新密钥。
group-key-exposed = ⚠️ 你的 API 密钥在群组中可见，且我无法删除：请删除该消息，然后在 Digital Surge 网页版（账户设置 → API 密钥）撤销该密钥。
not-allowed = 抱歉，这是一个私人机器人。
cancelled = 已取消，没有任何更改。
nothing-to-cancel = 当前没有可取消的操作。
cancelled-write-pending = 已取消。已发送到交易所的交易仍可能完成：结果会在这里显示，/swaps 中也会列出。
unknown-command = 我不认识这个命令。/help 会列出我能做的事。
unknown-text = 我在这里只理解命令。/help 会列出全部命令。
stale-button = 这个按钮已过期，请重新发送命令。
not-your-button = 这个按钮不属于你。
something-went-wrong = 抱歉，我这边出了点问题。如果你刚才在做更改（交易、设置），请先确认它是否已生效，再重试。
storage-unavailable = 我的存储暂时不可用，未能处理这条消息。请过一分钟再试。如果你正在进行某个步骤（例如交易或设置），可能需要重新开始。

## Connect
connect-ask = 请在下一条消息中发送你的 API 密钥。收到后我会立即删除该消息并加密保存。发送 /cancel 可停止。
connect-checking = 正在检查密钥…
connect-ok-trade = ✅ 已连接。此密钥可以交易。
connect-ok-read-only = ✅ 已连接<b>只读</b>密钥：可以查看，但交易需要读写密钥。
connect-ok-unknown = ✅ 已连接。
connect-invalid = ❌ 交易所不接受这个密钥。请检查后再次发送 /connect。
connect-bad-format = 这看起来不像 API 密钥（应为 16 到 256 个字母、数字、- 或 _）。没有保存任何内容。
connect-deleted-note = （我已删除你包含密钥的消息。）
connect-delete-failed = ⚠️ 我无法删除你包含密钥的消息，请自行删除。
key-unreadable = 无法读取你保存的 API 密钥。请用 /connect 重新发送密钥。
pasted-key-deleted = 🔒 这看起来像 API 密钥，所以我删除了你的消息，没有保留任何内容。如需连接密钥，请发送 /connect。
pasted-key-not-deleted = ⚠️ 这看起来像 API 密钥。我没有保留任何内容，但无法删除你的消息：请自行删除。如需连接密钥，请发送 /connect。
connect-needed = 你还没有连接 API 密钥。发送 /connect 开始。
disconnect-confirm = 要从本机器人移除你的 API 密钥吗？你随时可以重新连接。
disconnect-yes = 是的，移除
disconnect-done = 你的 API 密钥已移除。
disconnect-none = 没有已连接的 API 密钥。

## Buttons
button-cancel = 取消
button-refresh = 刷新
button-back = 返回

## Balance
balance-title = <b>你的资产</b>
balance-aud = 澳元现金：<b>{ $amount }</b>
balance-holding = { $asset }：{ $quantity } ≈ <b>{ $value }</b>
balance-holding-no-value = { $asset }：{ $quantity }
balance-stale = ⚠️ 价格过时
balance-none = 你还没有持有任何加密货币。
balance-total = 总价值：<b>{ $total }</b>
balance-day = 今日：{ $amount }（{ $percent }）
balance-all-time = 累计：{ $amount }（{ $percent }）
balance-updated = <i>更新于 { $time }（{ $zone }）</i>

## Prices
price-title = <b>澳元价格</b>
price-line = <b>{ $asset }</b> { $name }：买入 { $buy } · 卖出 { $sell }
price-unknown = 我不认识 { $asset }。
price-unknown-suggest = 我不认识 { $asset }。你是不是想找 { $suggestions }？
price-see-all = 发送 <code>/price all</code> 查看全部资产。
price-all-title = <b>全部 { $count } 种资产</b>
price-all-hint = 发送 <code>/price 代码</code> 查看价格（可一次输入多个代码）。
price-updated = <i>参考价格，{ $time }（{ $zone }）。兑换前会先显示它自己的报价供你确认。</i>

## Settings
settings-title = <b>设置</b>
settings-language = 语言：{ $language }
settings-timezone = 时区：{ $zone }
settings-alerts = 提醒通知：{ $level }
settings-alerts-on = 开启
settings-alerts-silent = 静音
settings-alerts-off = 关闭
settings-button-language = 语言
settings-button-timezone = 时区
settings-button-alerts = 提醒
settings-choose-language = 选择语言：
settings-choose-alerts = 提醒如何通知你？<b>开启</b>会响铃，<b>静音</b>无声送达，<b>关闭</b>不发送。
settings-ask-timezone = 请发送时区名称，例如 <code>Australia/Perth</code> 或 <code>Asia/Shanghai</code>。发送 /cancel 保留 { $zone }。
settings-bad-timezone = 我不认识时区“{ $input }”。请发送类似 <code>Australia/Brisbane</code> 的名称，或发送 /cancel。
settings-timezone-saved = 时区已设为 { $zone }。
settings-saved = 已保存。
language-name = 简体中文

## Exchange errors
error-fields = 交易所不接受该请求：
error-field-line = • { $field }：{ $message }
error-request-line = • { $message }
field-spend-amount = 花费或卖出的数量
field-get-amount = 收到的数量
field-src-asset = 花费或卖出的资产
field-dst-asset = 收到的资产
field-price = 价格
field-amount = 数量
field-asset = 资产
field-address = 地址
field-memo = 备注或标签
field-label = 名称
field-token = 验证码
field-other = 请求中的某一项
field-msg-decimals = 最多 { $decimals } 位小数
field-msg-required = 缺失
field-msg-number = 不是数字
field-msg-at-least = 至少为 { $min }
field-msg-positive = 必须大于零
field-msg-too-long = 太长（最多 { $max } 个字符）
field-msg-too-small = 太小，无法交易
field-msg-balance = 超出你的余额
field-msg-choice = 不是允许的取值
error-unauthorized = 你的 API 密钥已失效。请用 /connect 连接新密钥。
error-forbidden = 你的 API 密钥是只读的，无法执行此操作。请用 /connect 连接读写密钥。
error-not-found = 交易所没有这条记录。
error-rate-limited = 交易所繁忙，请在 { $seconds } 秒后重试。
error-unavailable = 暂时无法连接交易所。没有执行任何操作，请稍后重试。
error-server = 交易所出现问题（错误 { $status }）。请稍后重试；如果你刚才在交易，请先用 /swaps 查看。
error-timeout = 交易所未及时响应。请稍后重试；如果你刚才在交易，请先用 /swaps 查看：交易可能已完成。
error-interrupted = 与交易所的连接在收到回复前中断。请稍后重试；如果你刚才在交易，请先用 /swaps 查看：交易可能已完成。
error-timeout-read = 交易所暂时没有响应。没有任何更改，请稍后重试。
error-bad-response = 交易所返回了我无法读取的结果。如果你刚才在做更改，请先确认它是否已生效，再重试。
error-unsupported = 交易所不支持对这条记录执行此操作。

## Swaps: commands
cmd-buy = 用澳元购买加密货币
cmd-sell = 卖出加密货币换澳元
cmd-swap = 加密货币互换
cmd-swaps = 最近的兑换

## Swaps: guided steps
trade-pick-buy = 你想买什么？
trade-pick-sell = 你想卖什么？
trade-pick-from = 你想用哪种加密货币兑换？
trade-pick-to = 用 { $src } 兑换哪种加密货币？
trade-nothing-to-sell = 你没有可卖的加密货币。
trade-ask-spend = { $kind ->
        [buy] 你想花多少 { $asset }？
        [sell] 你想卖出多少 { $asset }？
       *[swap] 你想换出多少 { $asset }？
    }你有 { $balance }。
    输入金额，或选择余额的比例。
trade-ask-receive = { $kind ->
        [buy] 你想买入多少 { $asset }？
       *[other] 你想用 { $src } 换得多少 { $asset }？
    }
trade-button-receive = { $kind ->
        [buy] 按买入的 { $asset } 数量
       *[other] 按收到的 { $asset } 数量
    }
trade-button-spend = { $kind ->
        [buy] 按花费的 { $asset } 数量
        [sell] 按卖出的 { $asset } 数量
       *[swap] 按换出的 { $asset } 数量
    }
trade-pick-again = 请选择上方的按钮，或发送 /cancel。
trade-usage-buy = 用法：<code>/buy 资产 金额</code>（花费的澳元），例如 <code>/buy BTC 100</code>；或只发送 /buy 按步骤操作。
trade-usage-sell = 用法：<code>/sell 资产 数量</code>（卖出的数量），例如 <code>/sell ETH 0.5</code>；或只发送 /sell 按步骤操作。
trade-usage-swap = 用法：<code>/swap 源资产 目标资产 数量</code>（源资产数量），例如 <code>/swap BTC ETH 0.01</code>；或只发送 /swap 按步骤操作。

## Swaps: checks
trade-bad-amount = “{ $input }”不是有效金额。请发送正数，例如 <code>100</code> 或 <code>0.05</code>。
trade-unknown-asset = 我不认识资产 { $asset }。
trade-same-asset = 不能用 { $asset } 兑换它自己。
trade-need-crypto = 这里请选择加密货币，而不是澳元。
trade-over-balance = 超出你的余额：需要 { $amount }，可用 { $balance }。
trade-too-precise = { $asset } 数量最多只能有 { $decimals } 位小数。请减少小数位后重试。
trade-below-minimum = 最小订单金额为 { $minimum }。请输入更大的金额。
trade-read-only = 你的 API 密钥是只读的，我无法用它交易。请用 /connect 连接读写密钥。

## Swaps: quote
quote-title-buy = <b>买入 { $asset }</b>
quote-title-sell = <b>卖出 { $asset }</b>
quote-title-swap = <b>兑换 { $src } → { $dst }</b>
quote-give = { $kind ->
        [buy] 你花费
        [sell] 你卖出
       *[swap] 你换出
    }：<b>{ $amount }</b>
quote-get = 你得到：<b>{ $amount }</b>
quote-price = 价格：{ $price }
quote-price-per = 每 { $asset } { $price }
quote-fee = 手续费：{ $amount }
quote-slippage = 滑点：{ $percent }
quote-holds = 此估价在 { $seconds } 秒内有效。兑换按下单时的市场价格成交，与此估价的差距在很小的容差内，因此最终数量可能略有不同；超出容差则不会交易，你会收到新的报价。
quote-expired-again = ⏱ 报价已过期，这是新的报价。请核对后再次确认。
quote-moved-again = 📈 下单前市场价格已变动，未进行任何交易。这是新的价格：如合适请再次确认。
quote-cancelled = 报价已取消，未进行任何交易。
button-confirm = 确认
button-change-amount = 修改金额

## Swaps: placing and results
swap-placing = 正在提交兑换…
swap-processing = ⏳ 兑换 #{ $id } 处理中…
swap-still-processing = ⏳ 兑换 #{ $id } 仍在处理中。完成后我会立即通知你。
swap-processed = ✅ <b>兑换 #{ $id } 已完成</b>
swap-gave = { $kind ->
        [buy] 花费
        [sell] 卖出
       *[swap] 换出
    }：{ $amount }
swap-got = { $kind ->
        [buy] 买入
       *[other] 收到
    }：{ $amount }
swap-fees = 手续费：{ $amount }
swap-error = ❌ <b>兑换 #{ $id } 在交易所失败</b>。你的余额未被扣除，可以重试。
swap-rejected = ⛔ <b>兑换 #{ $id } 被交易所拒绝</b>。你的余额未被扣除。
swap-not-followed = 兑换 #{ $id } 已提交，但我暂时无法跟踪它。请用 /swaps 查看结果。
swap-gave-up = 我已停止跟踪兑换 #{ $id }：它仍未完成。请稍后用 /swaps 查看。
swap-gave-up-unreadable = 我无法从交易所读取兑换 #{ $id } 的状态，因此已停止跟踪。请用 /swaps 查看结果。
swap-gave-up-disconnected = 你的 API 密钥已不再连接，因此我已停止跟踪兑换 #{ $id }。结果可在你的交易所账户中查看，或重新连接后用 /swaps 查看。
swap-outcome-unknown = ⚠️ 交易所的回复丢失了，这笔兑换可能已经完成。我正在你的兑换记录中查找；在我告诉你结果之前，请不要再次下单。
swap-found = ⏳ 兑换已提交：兑换 #{ $id } 处理中…
swap-not-found = 我没有找到这笔兑换：它没有出现在你的兑换记录中，很可能没有完成。再次尝试之前，请先用 /swaps 查看。
swap-search-failed = 我无法读取你的兑换记录，因此不知道这笔兑换是否已完成。再次尝试之前，请先用 /swaps 查看。
swap-unknown-not-followed = 交易所的回复丢失了，这笔兑换可能已经完成，而我暂时无法查找它。再次尝试之前，请先用 /swaps 查看。

## Swaps: list
swaps-title = <b>你的兑换</b>（第 { $page } / { $pages } 页；时间为 { $zone }）
swaps-none = 你还没有进行过兑换。
swaps-line = { $icon } #{ $id } · { $when } · { $trade }
swaps-line-undated = { $icon } #{ $id } · { $trade }
swaps-trade-done = { $kind ->
        [buy] 花费 { $sold } → 买入 { $bought }
        [sell] 卖出 { $sold } → 收到 { $bought }
       *[swap] 换出 { $sold } → 收到 { $bought }
    }
swaps-trade-open = { $kind ->
        [buy] 拟花费 { $sold } → 买入 { $bought }
        [sell] 拟卖出 { $sold } → 收到 { $bought }
       *[swap] 拟换出 { $sold } → 收到 { $bought }
    }
swaps-worth = 价值 { $value }
swaps-newer = ‹ 较新
swaps-older = 较早 ›

## addresses
cmd-addresses = 已保存的提现地址
addr-title = <b>你的地址簿</b>（第 { $page } 页，共 { $pages } 页）
addr-none = 你的地址簿是空的。提现只能发往已保存并已通过邮件确认的地址：点击下面的按钮添加一个。
addr-group = <b>{ $asset }</b> · { $name }
addr-line = { $n }. <b>{ $label }</b> · <code>{ $address }</code>
addr-line-memo = { $n }. <b>{ $label }</b> · <code>{ $address }</code> · { $kind ->
        [tag] 标签
       *[other] 备注
    } <code>{ $memo }</code>
addr-line-state = { $state } · { $usage }
addr-state-confirmed = ✅ 已确认
addr-state-unconfirmed = ✉️ 等待邮件确认
addr-usage-never = 从未使用
addr-usage = 已使用 { $count } 次，最近一次 { $when }
addr-usage-undated = 已使用 { $count } 次
addr-times-zone = <i>时间以 { $zone } 显示。</i>
addr-updated = <i>更新于 { $time }（{ $zone }）</i>
addr-button-add = ➕ 添加地址
addr-button-details = 🔎 { $n }. { $label }
addr-button-resend = ✉️ 重发确认邮件
addr-button-resend-short = ✉️ 重发
addr-button-delete = 🗑 删除
addr-button-previous = ‹ 上一页
addr-button-next = 下一页 ›
addr-button-list = ‹ 地址簿
addr-button-skip = 跳过
addr-button-save = 保存
addr-button-delete-confirm = 是的，删除
addr-button-keep = 保留
addr-details-title = <b>{ $label }</b> · { $asset }（{ $name }）
addr-details-address = 地址：<code>{ $address }</code>
addr-details-unconfirmed = ✉️ 等待你通过邮件确认。确认之前不能用于提现。
addr-details-confirmed = ✅ 已于 { $when } 确认：可以用于提现。
addr-details-confirmed-undated = ✅ 已确认：可以用于提现。
addr-details-deleted = 🗑 已删除：不能再用于提现。历史记录会保留。
addr-details-created = 添加于 { $when }
addr-details-usage = 提现：{ $usage }
addr-read-only = 你的 API 密钥是只读的，因此我无法用它修改你的地址簿。你仍可以用 /addresses 查看；要添加、删除或重发确认邮件，请用 /connect 连接一个可读写的密钥。
addr-ask-asset = <b>新的提现地址</b>
    这个地址用于哪种资产？请选择，或输入资产代码。
addr-ask-address = 请发送 { $asset } 地址（格式类似 { $shape }）。请复制粘贴，不要手动输入。
addr-ask-address-any = 请发送 { $asset } 地址。请复制粘贴，不要手动输入。
addr-ask-memo-tag = 请发送这个 { $asset } 地址的目标标签（一个数字）。交易所通常需要标签；如果这个地址没有，请发送 /skip。
addr-ask-memo = 请发送这个 { $asset } 地址的备注（memo）。交易所通常需要备注；如果这个地址没有，请发送 /skip。
addr-ask-memo-unknown = 这个 { $asset } 地址需要备注或标签吗？需要就请发送，没有请发送 /skip。
addr-ask-label = 给这个地址起个名字，方便提现时辨认（最多 200 个字符），例如 <i>我的 Ledger</i>。
addr-ask-destination-type = 根据旅行规则，需要记录提现去向的一些信息。这个地址是个人钱包，还是交易所账户？
addr-ask-wallet-provider = 是哪种钱包？请选择，或选“其他”。
addr-ask-wallet-provider-other-name = 请输入钱包的名称。
addr-ask-exchange = 账户在哪家交易所？请选择，或选“其他”。
addr-ask-exchange-other-name = 请输入交易所的名称。
addr-ask-ownership = 这个地址属于谁？
addr-ask-beneficiary-type = 所有者是个人还是企业？
addr-ask-beneficiary-full-name = 请输入所有者的全名。
addr-ask-beneficiary-country = 所有者居住在哪个国家或地区？请选择，或输入名称或两位字母代码（例如 <code>FR</code>）。
addr-ask-beneficiary-region = 所有者所在的州、省或地区，或发送 /skip 跳过。
addr-ask-beneficiary-organisation-name = 请输入企业的注册名称。
addr-ask-beneficiary-organisation-country = 企业在哪个国家或地区注册？请选择，或输入名称或两位字母代码。
addr-ask-beneficiary-organisation-region = 企业所在的州、省或地区，或发送 /skip 跳过。
addr-current = 你之前的回答：<b>{ $answer }</b>
addr-answer = → <b>{ $answer }</b>
addr-skipped = → <i>已跳过</i>
addr-choice-personal-wallet = 个人钱包
addr-choice-exchange-account = 交易所账户
addr-choice-self = 我自己的
addr-choice-other-owner = 别人的
addr-choice-individual = 个人
addr-choice-organisation = 企业或机构
addr-choice-other = 其他…
addr-bad-asset = 我不认识资产“{ $asset }”。请点选按钮，或输入已上线的资产代码，例如 <code>BTC</code>。
addr-bad-address-shape = 这看起来不像 { $asset } 地址（应为 { $shape }）。请检查后重新发送。
addr-bad-address-too-long = 地址太长：最多 { $max } 个字符。
addr-bad-address-charset = 地址只包含字母、数字和少数符号，不含空格。请检查后重新发送。
addr-bad-tag = 目标标签是 0 到 4294967295 之间的整数。请重新发送，如果地址没有标签请发送 /skip。
addr-bad-memo-charset = 备注只能是一行文字。请重新发送，或发送 /skip。
addr-bad-blank = 这一项不能为空。
addr-bad-too-long = 太长了：最多 { $max } 个字符。
addr-bad-pick = 请点选上面的按钮之一。
addr-bad-country = 我不认识“{ $input }”这个国家或地区。请输入两位 ISO 代码，例如 <code>AU</code> 或 <code>GB</code>，或输入国家名称。
addr-not-skippable = 这一项是必填的，不能跳过。
addr-no-back = 这是第一个问题。发送 /cancel 可停止。
addr-cancelled = 已取消。没有保存任何内容。
addr-summary-title = <b>保存这个提现地址吗？</b>
addr-summary-asset = 资产：{ $asset }（{ $name }）
addr-summary-address = 地址：<code>{ $address }</code>
addr-summary-memo = { $kind ->
        [tag] 目标标签
       *[other] 备注
    }：<code>{ $memo }</code>
addr-summary-label = 名称：<b>{ $label }</b>
addr-summary-travel = <b>旅行规则信息</b>
addr-summary-destination = 去向：{ $answer }
addr-summary-provider = 钱包：{ $answer }
addr-summary-provider-name = 钱包名称：{ $answer }
addr-summary-exchange = 交易所：{ $answer }
addr-summary-exchange-name = 交易所名称：{ $answer }
addr-summary-ownership = 所有者：{ $answer }
addr-summary-beneficiary-type = 所有者类型：{ $answer }
addr-summary-name = 名称：{ $answer }
addr-summary-country = 国家或地区：{ $answer }
addr-summary-region = 地区：{ $answer }
addr-summary-note = 请逐个字符核对地址：发往错误地址的提现无法撤回。保存后，交易所会给你发送一封带确认链接的邮件，链接 30 分钟内有效。
addr-saving = 正在保存地址…
addr-created = ✅ <b>已保存“{ $label }”</b>（{ $asset }）。
    📧 交易所已给你发送确认链接：请在 30 分钟内打开。确认之前，这个地址不能用于提现。没收到邮件或链接已过期？请点“重发确认邮件”。“刷新”可查看当前状态。
addr-create-unknown = ⚠️ 交易所的回复丢失了，因此这个地址可能已经保存。再次添加之前，请先查看地址簿（以及邮箱：如果已保存，会有一封确认邮件）。
addr-resent = 📧 “{ $label }”的新确认邮件已发出。请在 30 分钟内打开其中的链接。
addr-resend-confirmed = “{ $label }”已经确认，无需重发：它可以用于提现。
addr-resend-deleted = “{ $label }”已被删除，无法再确认。如有需要，请用 /addresses 重新添加。
addr-resend-unknown = ⚠️ 交易所的回复丢失了，因此确认邮件可能已经发出。再次请求之前，请先检查收件箱（以及垃圾邮件）。
addr-delete-ask = 删除“{ $label }”（{ $asset }，<code>{ $address }</code>）吗？
    删除后将不能再用于提现。交易所会保留其历史记录：过去发往该地址的提现仍在你的记录中。
addr-deleted = 🗑 “{ $label }”已删除。它不能再用于提现；历史记录会保留。
addr-delete-already = “{ $label }”已经删除。
addr-delete-kept = 已保留“{ $label }”。没有任何更改。
addr-delete-unknown = ⚠️ 交易所的回复丢失了，因此“{ $label }”可能已被删除。点“刷新”查看其状态。
addr-create-refused = 没有保存任何内容。点“返回”可以修改你的回答。
