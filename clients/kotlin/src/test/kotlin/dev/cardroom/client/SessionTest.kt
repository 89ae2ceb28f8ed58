package dev.cardroom.client

import dev.cardroom.v1.MatchStatus
import dev.cardroom.v1.PlayResponse
import io.grpc.CallOptions
import io.grpc.ClientCall
import io.grpc.ClientInterceptor
import io.grpc.ForwardingClientCall
import io.grpc.ForwardingClientCallListener
import io.grpc.InsecureChannelCredentials
import io.grpc.Metadata
import io.grpc.MethodDescriptor
import io.grpc.Status
import io.grpc.okhttp.OkHttpChannelBuilder
import java.util.Collections
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Play sessions (the bidirectional Play RPC) against a live service, run as LiveSdkTest is. */
class SessionTest {
    private val address = System.getenv("CARDROOM_GRPC_ADDRESS")
        ?: error("run through tests/support/live_server.py (CARDROOM_GRPC_ADDRESS)")

    /**
     * The seat plays its first legal action on every update that offers one, over [session], until the match
     * ends; before acting on a version from [gateAt] on, it says so in [reached] and waits for [gate]. Returns
     * the versions the session emitted.
     */
    private suspend fun play(
        session: Session,
        gateAt: Int = Int.MAX_VALUE,
        reached: CompletableDeferred<Unit>? = null,
        gate: CompletableDeferred<Unit>? = null,
    ): List<Int> {
        val seen = mutableListOf<Int>()
        try {
            collectPlaying(session, seen, gateAt, reached, gate)
        } finally {
            reached?.complete(Unit) // a match over before the gate does not leave the test waiting
        }
        return seen
    }

    private suspend fun collectPlaying(
        session: Session,
        seen: MutableList<Int>,
        gateAt: Int,
        reached: CompletableDeferred<Unit>?,
        gate: CompletableDeferred<Unit>?,
    ) {
        session.updates.collect { update ->
            seen += update.version
            val action = update.state.legalActionsList.firstOrNull() ?: return@collect
            if (update.version >= gateAt) {
                reached?.complete(Unit)
                gate?.await()
            }
            try {
                assertTrue(session.act(action) > update.version)
            } catch (stale: StaleVersion) {
                // the next update brings the fresh view
            }
        }
    }

    private fun assertEveryVersionOnce(seen: List<Int>, last: Int) {
        assertEquals((seen.first()..last).toList(), seen)
    }

    @Test
    fun `a whole match over play sessions, a refused action on the way`() = runBlocking {
        val acceptances = Acceptances()
        val names = MatchNames()
        val channel = OkHttpChannelBuilder.forTarget(address, InsecureChannelCredentials.create())
            .intercept(acceptances, names)
            .build()
        CardroomClient(channel).use { client ->
            withTimeout(180_000) {
                val seats = tableOfTwo(client)
                val moverSeat = seats[0].refresh().toActList.first()
                val (mover, waiter) = seats[moverSeat] to seats[1 - moverSeat]
                val waiting = waiter.play()
                val waiterPlays = async { play(waiting) }
                // refused (not its turn: nobody has moved yet) and answered on the session, which goes on
                val refused = runCatching { waiting.act(mover.refresh().legalActionsList.first(), expectedVersion = null) }
                val error = refused.exceptionOrNull() as CardroomError
                assertEquals(Status.Code.FAILED_PRECONDITION, error.code)
                assertEquals("NOT_YOUR_TURN", error.reason)
                val moverPlays = async { play(mover.play()) }
                val seen = listOf(moverPlays, waiterPlays).awaitAll()
                val final = client.getMatch(mover.matchName)
                assertEquals(MatchStatus.MATCH_STATUS_FINISHED, final.match.status)
                seen.forEach { assertEveryVersionOnce(it, final.match.version) }
                assertEquals(final.match.version, mover.state.match.version) // the seat's state followed its session
                // the sessions open with outcomesInUpdates: an accepted action's outcome comes in its update's
                // message, alone only when the update went out before the action was answered (a race allowed)
                val (inUpdates, alone) = acceptances.inUpdates.get() to acceptances.alone.get()
                assertTrue(inUpdates > 0 && alone <= inUpdates, "accepted outcomes: $inUpdates in updates, $alone alone")
                // every call about the match names it (a proxy in front of replicas places the match by it)
                val named = names.byMethod.mapValues { (_, values) -> values.toSet() }
                assertEquals(setOf("CreateMatch", "JoinMatch", "StartMatch", "GetMatch", "Play"), named.keys)
                assertEquals(setOf(""), named["CreateMatch"])
                named.filterKeys { it != "CreateMatch" }.forEach { (method, values) ->
                    assertEquals(setOf(mover.matchName), values, method)
                }
            }
        }
    }

    @Test
    fun `play sessions resume after their server is killed`() = runBlocking {
        val server = OwnServer()
        server.start()
        try {
            connect("127.0.0.1:${server.port}", tls = false, retry = RetryPolicy(watchReconnects = 30)).use { client ->
                withTimeout(240_000) {
                    val seats = tableOfTwo(client)
                    val (reached, gate) = CompletableDeferred<Unit>() to CompletableDeferred<Unit>()
                    coroutineScope {
                        val players = seats.map { seat -> async { play(seat.play(), gateAt = 6, reached, gate) } }
                        reached.await()
                        server.kill() // both sessions' streams drop; the next actions go out once they reopen
                        server.start()
                        gate.complete(Unit)
                        val seen = players.awaitAll()
                        val final = seats[0].refresh()
                        assertEquals(MatchStatus.MATCH_STATUS_FINISHED, final.match.status)
                        seen.forEach { assertEveryVersionOnce(it, final.match.version) }
                    }
                }
            }
        } finally {
            server.kill()
        }
    }
}

/** The `cardroom-match` metadata each call of a channel was sent with ("" for none), by method. */
private class MatchNames : ClientInterceptor {
    val byMethod = ConcurrentHashMap<String, MutableList<String>>()

    override fun <Q, R> interceptCall(method: MethodDescriptor<Q, R>, options: CallOptions, next: io.grpc.Channel): ClientCall<Q, R> =
        object : ForwardingClientCall.SimpleForwardingClientCall<Q, R>(next.newCall(method, options)) {
            override fun start(listener: Listener<R>, headers: Metadata) {
                byMethod.computeIfAbsent(method.bareMethodName ?: "") { Collections.synchronizedList(mutableListOf()) }
                    .add(headers.get(MATCH_METADATA) ?: "")
                super.start(listener, headers)
            }
        }
}

/** Counts, over a channel's Play streams, the accepted outcomes received in their update's message and alone. */
private class Acceptances : ClientInterceptor {
    val inUpdates = AtomicInteger()
    val alone = AtomicInteger()

    override fun <Q, R> interceptCall(method: MethodDescriptor<Q, R>, options: CallOptions, next: io.grpc.Channel): ClientCall<Q, R> =
        object : ForwardingClientCall.SimpleForwardingClientCall<Q, R>(next.newCall(method, options)) {
            override fun start(listener: Listener<R>, headers: Metadata) {
                super.start(
                    object : ForwardingClientCallListener.SimpleForwardingClientCallListener<R>(listener) {
                        override fun onMessage(message: R) {
                            if (message is PlayResponse) {
                                if (message.updateOutcome.accepted) inUpdates.incrementAndGet()
                                else if (message.outcome.accepted) alone.incrementAndGet()
                            }
                            super.onMessage(message)
                        }
                    },
                    headers,
                )
            }
        }
}
