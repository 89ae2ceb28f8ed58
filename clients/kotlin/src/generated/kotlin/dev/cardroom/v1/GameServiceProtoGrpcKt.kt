package dev.cardroom.v1

import dev.cardroom.v1.GameServiceGrpc.getServiceDescriptor
import io.grpc.CallOptions
import io.grpc.CallOptions.DEFAULT
import io.grpc.Channel
import io.grpc.Metadata
import io.grpc.MethodDescriptor
import io.grpc.ServerServiceDefinition
import io.grpc.ServerServiceDefinition.builder
import io.grpc.ServiceDescriptor
import io.grpc.Status.UNIMPLEMENTED
import io.grpc.StatusException
import io.grpc.kotlin.AbstractCoroutineServerImpl
import io.grpc.kotlin.AbstractCoroutineStub
import io.grpc.kotlin.ClientCalls.bidiStreamingRpc
import io.grpc.kotlin.ClientCalls.serverStreamingRpc
import io.grpc.kotlin.ClientCalls.unaryRpc
import io.grpc.kotlin.ServerCalls.bidiStreamingServerMethodDefinition
import io.grpc.kotlin.ServerCalls.serverStreamingServerMethodDefinition
import io.grpc.kotlin.ServerCalls.unaryServerMethodDefinition
import io.grpc.kotlin.StubFor
import kotlin.String
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.jvm.JvmOverloads
import kotlin.jvm.JvmStatic
import kotlinx.coroutines.flow.Flow

/**
 * Holder for Kotlin coroutine-based client and server APIs for cardroom.v1.GameService.
 */
public object GameServiceGrpcKt {
  public const val SERVICE_NAME: String = GameServiceGrpc.SERVICE_NAME

  @JvmStatic
  public val serviceDescriptor: ServiceDescriptor
    get() = getServiceDescriptor()

  public val listGamesMethod: MethodDescriptor<ListGamesRequest, ListGamesResponse>
    @JvmStatic
    get() = GameServiceGrpc.getListGamesMethod()

  public val getGameMethod: MethodDescriptor<GetGameRequest, Game>
    @JvmStatic
    get() = GameServiceGrpc.getGetGameMethod()

  public val createMatchMethod: MethodDescriptor<CreateMatchRequest, CreateMatchResponse>
    @JvmStatic
    get() = GameServiceGrpc.getCreateMatchMethod()

  public val getMatchMethod: MethodDescriptor<GetMatchRequest, MatchState>
    @JvmStatic
    get() = GameServiceGrpc.getGetMatchMethod()

  public val listMatchesMethod: MethodDescriptor<ListMatchesRequest, ListMatchesResponse>
    @JvmStatic
    get() = GameServiceGrpc.getListMatchesMethod()

  public val joinMatchMethod: MethodDescriptor<JoinMatchRequest, JoinMatchResponse>
    @JvmStatic
    get() = GameServiceGrpc.getJoinMatchMethod()

  public val leaveMatchMethod: MethodDescriptor<LeaveMatchRequest, MatchState>
    @JvmStatic
    get() = GameServiceGrpc.getLeaveMatchMethod()

  public val startMatchMethod: MethodDescriptor<StartMatchRequest, MatchState>
    @JvmStatic
    get() = GameServiceGrpc.getStartMatchMethod()

  public val submitActionMethod: MethodDescriptor<SubmitActionRequest, SubmitActionResponse>
    @JvmStatic
    get() = GameServiceGrpc.getSubmitActionMethod()

  public val watchMatchMethod: MethodDescriptor<WatchMatchRequest, MatchUpdate>
    @JvmStatic
    get() = GameServiceGrpc.getWatchMatchMethod()

  public val rematchMatchMethod: MethodDescriptor<RematchMatchRequest, RematchMatchResponse>
    @JvmStatic
    get() = GameServiceGrpc.getRematchMatchMethod()

  public val getMatchLogMethod: MethodDescriptor<GetMatchLogRequest, GetMatchLogResponse>
    @JvmStatic
    get() = GameServiceGrpc.getGetMatchLogMethod()

  public val playMethod: MethodDescriptor<PlayRequest, PlayResponse>
    @JvmStatic
    get() = GameServiceGrpc.getPlayMethod()

  /**
   * A stub for issuing RPCs to a(n) cardroom.v1.GameService service as suspending coroutines.
   */
  @StubFor(GameServiceGrpc::class)
  public class GameServiceCoroutineStub @JvmOverloads constructor(
    channel: Channel,
    callOptions: CallOptions = DEFAULT,
  ) : AbstractCoroutineStub<GameServiceCoroutineStub>(channel, callOptions) {
    override fun build(channel: Channel, callOptions: CallOptions): GameServiceCoroutineStub = GameServiceCoroutineStub(channel, callOptions)

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun listGames(request: ListGamesRequest, headers: Metadata = Metadata()): ListGamesResponse = unaryRpc(
      channel,
      GameServiceGrpc.getListGamesMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun getGame(request: GetGameRequest, headers: Metadata = Metadata()): Game = unaryRpc(
      channel,
      GameServiceGrpc.getGetGameMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun createMatch(request: CreateMatchRequest, headers: Metadata = Metadata()): CreateMatchResponse = unaryRpc(
      channel,
      GameServiceGrpc.getCreateMatchMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun getMatch(request: GetMatchRequest, headers: Metadata = Metadata()): MatchState = unaryRpc(
      channel,
      GameServiceGrpc.getGetMatchMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun listMatches(request: ListMatchesRequest, headers: Metadata = Metadata()): ListMatchesResponse = unaryRpc(
      channel,
      GameServiceGrpc.getListMatchesMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun joinMatch(request: JoinMatchRequest, headers: Metadata = Metadata()): JoinMatchResponse = unaryRpc(
      channel,
      GameServiceGrpc.getJoinMatchMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun leaveMatch(request: LeaveMatchRequest, headers: Metadata = Metadata()): MatchState = unaryRpc(
      channel,
      GameServiceGrpc.getLeaveMatchMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun startMatch(request: StartMatchRequest, headers: Metadata = Metadata()): MatchState = unaryRpc(
      channel,
      GameServiceGrpc.getStartMatchMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun submitAction(request: SubmitActionRequest, headers: Metadata = Metadata()): SubmitActionResponse = unaryRpc(
      channel,
      GameServiceGrpc.getSubmitActionMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Returns a [Flow] that, when collected, executes this RPC and emits responses from the
     * server as they arrive.  That flow finishes normally if the server closes its response with
     * [`Status.OK`][io.grpc.Status], and fails by throwing a [StatusException] otherwise.  If
     * collecting the flow downstream fails exceptionally (including via cancellation), the RPC
     * is cancelled with that exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return A flow that, when collected, emits the responses from the server.
     */
    public fun watchMatch(request: WatchMatchRequest, headers: Metadata = Metadata()): Flow<MatchUpdate> = serverStreamingRpc(
      channel,
      GameServiceGrpc.getWatchMatchMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun rematchMatch(request: RematchMatchRequest, headers: Metadata = Metadata()): RematchMatchResponse = unaryRpc(
      channel,
      GameServiceGrpc.getRematchMatchMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Executes this RPC and returns the response message, suspending until the RPC completes
     * with [`Status.OK`][io.grpc.Status].  If the RPC completes with another status, a corresponding
     * [StatusException] is thrown.  If this coroutine is cancelled, the RPC is also cancelled
     * with the corresponding exception as a cause.
     *
     * @param request The request message to send to the server.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return The single response from the server.
     */
    public suspend fun getMatchLog(request: GetMatchLogRequest, headers: Metadata = Metadata()): GetMatchLogResponse = unaryRpc(
      channel,
      GameServiceGrpc.getGetMatchLogMethod(),
      request,
      callOptions,
      headers
    )

    /**
     * Returns a [Flow] that, when collected, executes this RPC and emits responses from the
     * server as they arrive.  That flow finishes normally if the server closes its response with
     * [`Status.OK`][io.grpc.Status], and fails by throwing a [StatusException] otherwise.  If
     * collecting the flow downstream fails exceptionally (including via cancellation), the RPC
     * is cancelled with that exception as a cause.
     *
     * The [Flow] of requests is collected once each time the [Flow] of responses is
     * collected. If collection of the [Flow] of responses completes normally or
     * exceptionally before collection of `requests` completes, the collection of
     * `requests` is cancelled.  If the collection of `requests` completes
     * exceptionally for any other reason, then the collection of the [Flow] of responses
     * completes exceptionally for the same reason and the RPC is cancelled with that reason.
     *
     * @param requests A [Flow] of request messages.
     *
     * @param headers Metadata to attach to the request.  Most users will not need this.
     *
     * @return A flow that, when collected, emits the responses from the server.
     */
    public fun play(requests: Flow<PlayRequest>, headers: Metadata = Metadata()): Flow<PlayResponse> = bidiStreamingRpc(
      channel,
      GameServiceGrpc.getPlayMethod(),
      requests,
      callOptions,
      headers
    )
  }

  /**
   * Skeletal implementation of the cardroom.v1.GameService service based on Kotlin coroutines.
   */
  public abstract class GameServiceCoroutineImplBase(
    coroutineContext: CoroutineContext = EmptyCoroutineContext,
  ) : AbstractCoroutineServerImpl(coroutineContext) {
    /**
     * Returns the response to an RPC for cardroom.v1.GameService.ListGames.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun listGames(request: ListGamesRequest): ListGamesResponse = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.ListGames is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.GetGame.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun getGame(request: GetGameRequest): Game = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.GetGame is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.CreateMatch.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun createMatch(request: CreateMatchRequest): CreateMatchResponse = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.CreateMatch is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.GetMatch.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun getMatch(request: GetMatchRequest): MatchState = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.GetMatch is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.ListMatches.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun listMatches(request: ListMatchesRequest): ListMatchesResponse = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.ListMatches is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.JoinMatch.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun joinMatch(request: JoinMatchRequest): JoinMatchResponse = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.JoinMatch is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.LeaveMatch.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun leaveMatch(request: LeaveMatchRequest): MatchState = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.LeaveMatch is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.StartMatch.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun startMatch(request: StartMatchRequest): MatchState = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.StartMatch is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.SubmitAction.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun submitAction(request: SubmitActionRequest): SubmitActionResponse = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.SubmitAction is unimplemented"))

    /**
     * Returns a [Flow] of responses to an RPC for cardroom.v1.GameService.WatchMatch.
     *
     * If creating or collecting the returned flow fails with a [StatusException], the RPC
     * will fail with the corresponding [io.grpc.Status].  If it fails with a
     * [java.util.concurrent.CancellationException], the RPC will fail with status `Status.CANCELLED`.  If creating
     * or collecting the returned flow fails for any other reason, the RPC will fail with
     * `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open fun watchMatch(request: WatchMatchRequest): Flow<MatchUpdate> = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.WatchMatch is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.RematchMatch.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun rematchMatch(request: RematchMatchRequest): RematchMatchResponse = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.RematchMatch is unimplemented"))

    /**
     * Returns the response to an RPC for cardroom.v1.GameService.GetMatchLog.
     *
     * If this method fails with a [StatusException], the RPC will fail with the corresponding
     * [io.grpc.Status].  If this method fails with a [java.util.concurrent.CancellationException], the RPC will fail
     * with status `Status.CANCELLED`.  If this method fails for any other reason, the RPC will
     * fail with `Status.UNKNOWN` with the exception as a cause.
     *
     * @param request The request from the client.
     */
    public open suspend fun getMatchLog(request: GetMatchLogRequest): GetMatchLogResponse = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.GetMatchLog is unimplemented"))

    /**
     * Returns a [Flow] of responses to an RPC for cardroom.v1.GameService.Play.
     *
     * If creating or collecting the returned flow fails with a [StatusException], the RPC
     * will fail with the corresponding [io.grpc.Status].  If it fails with a
     * [java.util.concurrent.CancellationException], the RPC will fail with status `Status.CANCELLED`.  If creating
     * or collecting the returned flow fails for any other reason, the RPC will fail with
     * `Status.UNKNOWN` with the exception as a cause.
     *
     * @param requests A [Flow] of requests from the client.  This flow can be
     *        collected only once and throws [java.lang.IllegalStateException] on attempts to collect
     *        it more than once.
     */
    public open fun play(requests: Flow<PlayRequest>): Flow<PlayResponse> = throw StatusException(UNIMPLEMENTED.withDescription("Method cardroom.v1.GameService.Play is unimplemented"))

    final override fun bindService(): ServerServiceDefinition = builder(getServiceDescriptor())
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getListGamesMethod(),
      implementation = ::listGames
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getGetGameMethod(),
      implementation = ::getGame
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getCreateMatchMethod(),
      implementation = ::createMatch
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getGetMatchMethod(),
      implementation = ::getMatch
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getListMatchesMethod(),
      implementation = ::listMatches
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getJoinMatchMethod(),
      implementation = ::joinMatch
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getLeaveMatchMethod(),
      implementation = ::leaveMatch
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getStartMatchMethod(),
      implementation = ::startMatch
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getSubmitActionMethod(),
      implementation = ::submitAction
    ))
      .addMethod(serverStreamingServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getWatchMatchMethod(),
      implementation = ::watchMatch
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getRematchMatchMethod(),
      implementation = ::rematchMatch
    ))
      .addMethod(unaryServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getGetMatchLogMethod(),
      implementation = ::getMatchLog
    ))
      .addMethod(bidiStreamingServerMethodDefinition(
      context = this.context,
      descriptor = GameServiceGrpc.getPlayMethod(),
      implementation = ::play
    )).build()
  }
}
